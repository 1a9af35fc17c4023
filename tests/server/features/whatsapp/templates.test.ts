import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_SYNC_QUEUE } from '../../../../src/server/features/whatsapp/template-status.ts';
import { SANDBOX_META_IDS, type StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { enqueue } from '../../../../src/server/platform/jobs/jobs.ts';
import { pngImage } from '../../integrations/meta/testing.ts';
import { addStore, type Caller, signIn, type TestServer } from '../../support/harness.ts';
import { connectMeta, startServerWithMeta } from '../../support/meta-harness.ts';

/*
 * WhatsApp templates over HTTP against the Meta sandbox: the shared rules refused on their fields, the
 * header's file kept and sent to Meta as an upload handle, Meta's review moving a template to approved or
 * rejected (read by the sync), Meta's refusals in Spanish with its words, the edit limits, deletion and the
 * name Meta blocks for 30 days.
 */

const ids = SANDBOX_META_IDS;
const REVIEW_MS = 10_000;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, caller: Caller = owner) =>
  server.app.inject({ method, url, cookies: caller.cookies, headers: caller.headers, ...(payload === undefined ? {} : { payload }) });
const templatesPath = (id = store) => `/api/private/stores/${id}/whatsappTemplates`;

/** A template as the form sends it: a greeting with the customer's first name and a link with a code. */
const template = (name: string, changes: Record<string, unknown> = {}) => ({
  name,
  description: 'Saludo a clientes nuevos',
  category: 'MARKETING',
  header: { format: 'TEXT', text: 'Hola de Tienda Demo', mediaId: null },
  body: 'Hola {{client_first_name}}, gracias por comprar en Tienda Demo. Tenemos nuevos productos para ti esta semana.',
  footer: 'Tienda Demo',
  variables: [{ name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' }],
  buttons: [
    {
      type: 'URL',
      text: 'Ver ofertas',
      url: 'https://tiendademo.cl/ofertas/{{1}}',
      urlExample: 'verano',
      phoneCountryCode: null,
      phoneNumber: null,
    },
    { type: 'PHONE_NUMBER', text: 'Llamar', url: null, urlExample: null, phoneCountryCode: '56', phoneNumber: '923456701' },
  ],
  ...changes,
});

/** Meta finishes its reviews, and the periodic sync reads what it decided. */
async function afterReview() {
  meta.sandbox.whatsapp.advance(REVIEW_MS + 1000);
  await enqueue(server.db, TEMPLATE_SYNC_QUEUE, { storeId: store });
  while ((await server.app.jobs.drain()) > 0) {}
}

beforeAll(async () => {
  ({ meta, server } = await startServerWithMeta({ templateReviewSeconds: REVIEW_MS / 1000 }));
  owner = await signIn(server.app, 'demo@recompra.cl');
  store = owner.user.store!;
  // The demo store's import is not what these tests are about: only the jobs they queue run.
  await server.db.query('delete from jobs');
});
afterAll(async () => {
  await server.close();
  await meta.close();
});

describe('before WhatsApp is connected', () => {
  it('leads to Integrations', async () => {
    const response = await call('GET', templatesPath());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'whatsapp_not_connected', message: expect.stringContaining('Conecta WhatsApp') });
  });
});

describe('with WhatsApp connected', () => {
  beforeAll(async () => {
    await connectMeta({ meta, server }, owner, store);
    const saved = await call('PATCH', `/api/private/stores/${store}/whatsappSettings`, {
      whatsappId: ids.whatsappAccounts.tiendaDemo,
      whatsappPhoneNumberId: ids.phoneNumbers.principal,
    });
    expect(saved.statusCode).toBe(200);
  });

  it('starts with no template', async () => {
    expect((await call('GET', templatesPath())).json()).toEqual({ templates: [] });
  });

  it('refuses a name Meta would not take, by the contract', async () => {
    const response = await call('POST', templatesPath(), template('Hola Mundo'));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'name', message: 'Usa solo letras minúsculas sin tildes, números y guiones bajos (_).' },
    ]);
  });

  it('refuses each broken rule on its field, in Spanish, and sends nothing to Meta', async () => {
    const response = await call(
      'POST',
      templatesPath(),
      template('hola_mundo', {
        body: '{{client_first_name}} {{text_1}}',
        variables: [
          { name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' },
          { name: 'text_1', type: 'TEXT', example: 'hola' },
        ],
        buttons: [
          { type: 'PHONE_NUMBER', text: 'Llamar', url: null, urlExample: null, phoneCountryCode: '56', phoneNumber: '923456701' },
          { type: 'PHONE_NUMBER', text: 'Otro', url: null, urlExample: null, phoneCountryCode: '56', phoneNumber: '923456702' },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json().fieldErrors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(['body', 'buttons.1.type']);
    expect(response.json().fieldErrors.find((error: { field: string }) => error.field === 'body').message).toContain(
      'demasiadas variables',
    );
    expect(meta.sandbox.store.whatsAppAccount(ids.whatsappAccounts.tiendaDemo)!.templates).toEqual([]);
  });

  it('sends a template to review, and Meta approves it on its own clock', async () => {
    const created = await call('POST', templatesPath(), template('bienvenida'));
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: 'bienvenida', status: 'PENDING', language: 'es', editing: { allowed: false, reason: 'inReview' } });
    expect(body.history).toEqual([expect.objectContaining({ status: 'PENDING' })]);
    // Sent as named parameters with their examples.
    const sent = meta.sandbox.store.template(meta.sandbox.store.whatsAppAccount(ids.whatsappAccounts.tiendaDemo)!.templates[0]!)!;
    expect(sent).toMatchObject({ name: 'bienvenida', language: 'es', parameterFormat: 'NAMED' });

    await afterReview();
    const approved = (await call('GET', `${templatesPath()}/${body.id}`)).json();
    expect(approved).toMatchObject({ status: 'APPROVED', editing: { allowed: true } });
    expect(approved.history.map((change: { status: string }) => change.status)).toEqual(['PENDING', 'APPROVED']);
    expect((await call('GET', templatesPath())).json().templates).toEqual([expect.objectContaining({ id: body.id, status: 'APPROVED' })]);
  });

  it('refuses a second template of the same name here first (SPEC §8 2047)', async () => {
    const response = await call('POST', templatesPath(), template('bienvenida'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'template_name_taken',
      fieldErrors: [{ field: 'name', message: 'Ya existe una plantilla con ese nombre.' }],
    });
  });

  it('shows why Meta rejected a template, and sends it again once fixed', async () => {
    const created = (
      await call(
        'POST',
        templatesPath(),
        template('promo_rechazada', { body: 'Compra ya {{client_first_name}} con descuento #rechazar:PROMOTIONAL hoy mismo.' }),
      )
    ).json();
    await afterReview();
    const rejected = (await call('GET', `${templatesPath()}/${created.id}`)).json();
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectionReason: 'PROMOTIONAL', editing: { allowed: true } });

    const fixed = await call('PUT', `${templatesPath()}/${created.id}`, template('promo_rechazada'));
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ status: 'PENDING', rejectionReason: null });
    await afterReview();
    const history = (await call('GET', `${templatesPath()}/${created.id}`)).json().history;
    expect(history.map((change: { status: string }) => change.status)).toEqual(['PENDING', 'REJECTED', 'PENDING', 'APPROVED']);
  });

  it('edits an approved template once a day, and never its name or category', async () => {
    const [approved] = (await call('GET', templatesPath())).json().templates.filter((each: { name: string }) => each.name === 'bienvenida');
    const renamed = await call('PUT', `${templatesPath()}/${approved.id}`, template('otro_nombre'));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fieldErrors).toEqual([{ field: 'name', message: expect.stringContaining('no se puede cambiar') }]);
    const recategorised = await call('PUT', `${templatesPath()}/${approved.id}`, template('bienvenida', { category: 'UTILITY' }));
    expect(recategorised.json().fieldErrors).toEqual([{ field: 'category', message: expect.stringContaining('no se puede cambiar') }]);

    expect(
      (await call('PUT', `${templatesPath()}/${approved.id}`, template('bienvenida', { footer: 'Tienda Demo Chile' }))).statusCode,
    ).toBe(200);
    await afterReview();
    const again = await call('PUT', `${templatesPath()}/${approved.id}`, template('bienvenida', { footer: 'Tienda Demo' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'template_not_editable', message: expect.stringContaining('una vez al día') });
    expect((await call('GET', `${templatesPath()}/${approved.id}`)).json().editing).toMatchObject({
      allowed: false,
      reason: 'editedToday',
    });
  });

  it('deletes a template here and in Meta, which then blocks its name for 30 days', async () => {
    const created = (await call('POST', templatesPath(), template('temporal'))).json();
    expect((await call('DELETE', `${templatesPath()}/${created.id}`)).statusCode).toBe(204);
    expect((await call('GET', `${templatesPath()}/${created.id}`)).statusCode).toBe(404);
    const [event] = await server.db.query<{ detail: { templateId: number; name: string } }>(
      `select detail from store_events where store_id = $1 and kind = 'whatsapp_template_deleted'`,
      [store],
    );
    expect(event?.detail).toEqual({ templateId: created.id, name: 'temporal' });

    const reused = await call('POST', templatesPath(), template('temporal'));
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      code: 'template_name_taken',
      message: expect.stringMatching(/^Meta rechazó la plantilla: ya existe.*Meta dice: «/),
    });
  });

  it('keeps a header image, serves it back, and sends Meta its upload handle', async () => {
    const image = pngImage(800, 418);
    const uploaded = await server.app.inject({
      method: 'POST',
      url: `/api/private/stores/${store}/whatsappTemplateMedia?name=portada.png`,
      cookies: owner.cookies,
      headers: { ...owner.headers, 'content-type': 'image/png' },
      payload: image,
    });
    expect(uploaded.statusCode).toBe(201);
    const media = uploaded.json();
    expect(media).toMatchObject({ kind: 'image', name: 'portada.png', mimeType: 'image/png', bytes: image.length });
    const served = await call('GET', media.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);

    const lying = await server.app.inject({
      method: 'POST',
      url: `/api/private/stores/${store}/whatsappTemplateMedia?name=falso.pdf`,
      cookies: owner.cookies,
      headers: { ...owner.headers, 'content-type': 'application/pdf' },
      payload: image,
    });
    expect(lying.statusCode).toBe(400);
    expect(lying.json().fieldErrors[0].message).toContain('formato');

    const created = await call(
      'POST',
      templatesPath(),
      template('con_imagen', { header: { format: 'IMAGE', text: null, mediaId: media.id } }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().header).toMatchObject({ format: 'IMAGE', media: { id: media.id, url: media.url } });
    const sent = meta.sandbox.store.template(meta.sandbox.store.whatsAppAccount(ids.whatsappAccounts.tiendaDemo)!.templates.at(-1)!)!;
    const header = sent.components.find((component) => component.type === 'HEADER');
    expect(header).toMatchObject({ format: 'IMAGE', example: { header_handle: [expect.stringMatching(/\S/)] } });

    const wrongKind = await call(
      'POST',
      templatesPath(),
      template('con_video', { header: { format: 'VIDEO', text: null, mediaId: media.id } }),
    );
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().fieldErrors).toEqual([{ field: 'header.mediaId', message: expect.stringContaining('no corresponde') }]);
  });

  it('keeps every store to its own templates', async () => {
    const other = await addStore(server.db, 'Otra tienda');
    expect((await call('GET', templatesPath(other))).statusCode).toBe(404);
  });
});
