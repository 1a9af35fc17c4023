import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { type Caller, signIn, type TestServer } from '../../support/harness.ts';
import { startServerWithMeta } from '../../support/meta-harness.ts';
import { approvedTemplate, connectWhatsapp, whatsappSegment } from '../../support/whatsapp-harness.ts';

/*
 * WhatsApp campaigns over HTTP against the Meta sandbox: the rules refused on their fields, the audience a
 * campaign would reach (consent, cost, messaging limit), creation of unique and automated campaigns, the
 * detail and its chat list, and deletion. Sending itself is in campaign-sending.test.ts.
 */

const REVIEW_MS = 10_000;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;
let approved: number;
let pending: number;
let cartTemplate: number;
let segmentId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, caller: Caller = owner) =>
  server.app.inject({ method, url, cookies: caller.cookies, headers: caller.headers, ...(payload === undefined ? {} : { payload }) });
const campaignsPath = () => `/api/private/stores/${store}/whatsappCampaigns`;

const template = (name: string, changes: Record<string, unknown> = {}) => ({
  name,
  category: 'MARKETING',
  header: { format: 'NONE', text: null, mediaId: null },
  body: 'Hola {{client_first_name}}, tenemos {{text_1}} en Tienda Demo solo por esta semana. Te esperamos pronto.',
  footer: null,
  variables: [
    { name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' },
    { name: 'text_1', type: 'TEXT', example: 'descuentos' },
  ],
  buttons: [],
  ...changes,
});

/** A unique campaign as the form sends it, for tomorrow at ten. */
const uniqueCampaign = (changes: Record<string, unknown> = {}) => {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return {
    name: 'Ofertas de verano',
    kind: 'unique',
    templateId: approved,
    segmentId,
    sendDate: tomorrow,
    sendTime: '10:00',
    event: null,
    delay: null,
    window: null,
    variables: [{ name: 'text_1', text: 'un 20 % de descuento' }],
    headerMediaId: null,
    ...changes,
  };
};

/** A segment of `reachable` customers WhatsApp may reach, and some it may not. */
const segment = (name: string, reachable: number, firstId: number) =>
  whatsappSegment(server, store, name, [
    ...Array.from({ length: reachable }, (_, index) => ({
      id: firstId + index,
      firstName: `Cliente ${index}`,
      phone: `+56 9 ${String(7000_0000 + firstId + index)}`,
      sms: true,
    })),
    // No consent; a number that cannot be one; WhatsApp consent withdrawn although SMS consent stands.
    { id: firstId + reachable, firstName: 'Sin permiso', phone: '+56 9 6000 0001', sms: false },
    { id: firstId + reachable + 1, firstName: 'Sin número', phone: '12', sms: true },
    { id: firstId + reachable + 2, firstName: 'Sin WhatsApp', phone: '+56 9 6000 0002', sms: true, whatsapp: false },
  ]);

/** A template sent to Meta, left in its review. */
async function createTemplate(body: object): Promise<number> {
  const response = await call('POST', `/api/private/stores/${store}/whatsappTemplates`, body);
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

beforeAll(async () => {
  ({ meta, server } = await startServerWithMeta({ templateReviewSeconds: REVIEW_MS / 1000 }));
  owner = await signIn(server.app, 'demo@recompra.cl');
  store = owner.user.store!;
  await server.db.query('delete from jobs');
});
afterAll(async () => {
  await server.close();
  await meta.close();
});

describe('before WhatsApp is connected', () => {
  it('leads to Integrations', async () => {
    const response = await call('GET', campaignsPath());
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('whatsapp_not_connected');
  });
});

describe('with WhatsApp connected', () => {
  beforeAll(async () => {
    const context = { meta, server };
    await connectWhatsapp(context, owner, store);
    approved = await approvedTemplate(context, owner, store, template('ofertas_semana'));
    cartTemplate = await approvedTemplate(context, owner, store, {
      name: 'carrito_pendiente',
      body: 'Hola {{client_first_name}}, dejaste productos en tu carrito de Tienda Demo. Termina tu compra cuando quieras.',
      buttons: [{ type: 'CHECKOUT_URL', text: 'Ver carrito', url: null, urlExample: null, phoneCountryCode: null, phoneNumber: null }],
    });
    pending = await createTemplate(template('en_revision'));
    segmentId = await segment('Clientas de verano', 30, 8_000_000);
    await server.db.query('delete from jobs');
  });

  it('starts with no campaign, in the store time zone', async () => {
    expect((await call('GET', campaignsPath())).json()).toEqual({ campaigns: [], timeZone: 'America/Santiago' });
  });

  it('tells how many of the segment may be messaged, what it costs and whether the limit allows it', async () => {
    const response = await call(
      'GET',
      `/api/private/stores/${store}/whatsappCampaignAudience?templateId=${approved}&segmentId=${segmentId}`,
    );
    expect(response.statusCode).toBe(200);
    const audience = response.json();
    expect(audience).toMatchObject({
      members: 33,
      consented: 30,
      cost: { category: 'MARKETING', rateUsd: 0.0889, ratesAsOf: '2025-07-01', estimatedUsd: 2.67 },
      messagingLimit: { deferred: 0 },
    });
    expect(audience.sample.firstName).toMatch(/^Cliente /);
  });

  it('refuses each broken rule on its field, in Spanish', async () => {
    const response = await call('POST', campaignsPath(), uniqueCampaign({ segmentId: null, sendTime: null }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'segmentId', message: 'Elige un segmento.' },
      { field: 'sendTime', message: 'Elige la hora de envío.' },
    ]);
    const blank = await call('POST', campaignsPath(), uniqueCampaign({ name: '  ' }));
    expect(blank.json().fieldErrors).toEqual([{ field: 'name', message: 'El nombre no puede tener solo espacios.' }]);
    const template = await call('POST', campaignsPath(), uniqueCampaign({ templateId: pending }));
    expect(template.json().fieldErrors).toEqual([{ field: 'templateId', message: 'Solo puedes usar plantillas aprobadas por Meta.' }]);
    const text = await call('POST', campaignsPath(), uniqueCampaign({ variables: [] }));
    expect(text.json().fieldErrors).toEqual([{ field: 'variables.text_1', message: 'Escribe el texto de esta variable.' }]);
    const past = await call('POST', campaignsPath(), uniqueCampaign({ sendDate: '2026-01-01' }));
    expect(past.json().fieldErrors).toEqual([{ field: 'sendTime', message: 'La fecha y hora de envío ya pasaron. Elige una futura.' }]);
    const cart = await call('POST', campaignsPath(), uniqueCampaign({ templateId: cartTemplate, variables: [] }));
    expect(cart.json().fieldErrors).toEqual([{ field: 'templateId', message: expect.stringContaining('carrito abandonado') }]);
  });

  it('schedules a unique campaign for its time, in the store time zone', async () => {
    const response = await call('POST', campaignsPath(), uniqueCampaign());
    expect(response.statusCode).toBe(201);
    const campaign = response.json();
    expect(campaign).toMatchObject({
      name: 'Ofertas de verano',
      kind: 'unique',
      status: 'scheduled',
      template: { id: approved, name: 'ofertas_semana', status: 'APPROVED', category: 'MARKETING' },
      segment: { id: segmentId, name: 'Clientas de verano' },
      progress: { done: 0, total: 0 },
      variables: [{ name: 'text_1', text: 'un 20 % de descuento' }],
      content: { body: expect.stringContaining('{{text_1}}') },
    });
    // Ten in the morning in Santiago, whatever the server's own zone.
    expect(new Date(campaign.sendAt).toLocaleString('en-GB', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit' })).toBe(
      '10:00',
    );
    const [job] = await server.db.query<{ run_at: Date }>(`select run_at from jobs where queue = 'whatsapp-campaign-start'`);
    expect(job!.run_at.toISOString()).toBe(campaign.sendAt);
    expect((await call('GET', campaignsPath())).json().campaigns.map((each: { id: number }) => each.id)).toEqual([campaign.id]);
  });

  it('creates an automated cart campaign with its delay and window', async () => {
    const response = await call('POST', campaignsPath(), {
      ...uniqueCampaign(),
      name: 'Carrito olvidado',
      kind: 'automated',
      templateId: cartTemplate,
      segmentId: null,
      sendDate: null,
      sendTime: null,
      event: 'cartAbandoned',
      delay: { amount: 1, unit: 'hours' },
      window: { start: '09:00', end: '21:00' },
      variables: [],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'active', event: 'cartAbandoned', delay: { amount: 1, unit: 'hours' }, sendAt: null });
  });

  it('refuses a window that ends before it starts and product texts the event cannot fill', async () => {
    const response = await call('POST', campaignsPath(), {
      ...uniqueCampaign(),
      kind: 'automated',
      segmentId,
      sendDate: null,
      sendTime: null,
      event: 'segmentEntry',
      window: { start: '21:00', end: '09:00' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'window.end', message: 'La hora de término debe ser posterior a la de inicio.' },
    ]);
  });

  it('shows a campaign with its chat list, and deletes it', async () => {
    const [first] = (await call('GET', campaignsPath())).json().campaigns;
    const detail = await call('GET', `${campaignsPath()}/${first.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: first.id,
      name: 'Carrito olvidado',
      clicksByButton: [{ index: 0, type: 'CHECKOUT_URL', text: 'Ver carrito', clicks: 0 }],
      deferred: null,
      timeZone: 'America/Santiago',
    });
    const recipients = await call('GET', `${campaignsPath()}/${first.id}/recipients?filter=unread`);
    expect(recipients.json()).toEqual({ recipients: [], total: 0, page: 1, pageSize: 20 });
    expect((await call('DELETE', `${campaignsPath()}/${first.id}`)).statusCode).toBe(204);
    expect((await call('GET', `${campaignsPath()}/${first.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${campaignsPath()}/${first.id}`)).statusCode).toBe(404);
  });
});
