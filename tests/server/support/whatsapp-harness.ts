import { expect } from 'vitest';
import { WHATSAPP_WEBHOOK_PATH } from '../../../src/server/features/integrations/index.ts';
import { TEMPLATE_SYNC_QUEUE } from '../../../src/server/features/whatsapp/template-status.ts';
import { SANDBOX_META_IDS } from '../../../src/server/integrations/meta/sandbox/index.ts';
import { enqueue } from '../../../src/server/platform/jobs/jobs.ts';
import { pngImage } from '../integrations/meta/testing.ts';
import { type Caller, signIn } from './harness.ts';
import { connectMeta, type MetaTestServer, startServerWithMeta } from './meta-harness.ts';

/* What the WhatsApp campaign tests set up alike: the store's WhatsApp, Meta's webhooks, approved templates, segments. */

const ids = SANDBOX_META_IDS;
export const WHATSAPP_PHONE_NUMBER = ids.phoneNumbers.principal;

const request = (server: MetaTestServer['server'], who: Caller, method: 'POST' | 'PATCH', url: string, payload: object) =>
  server.app.inject({ method, url, cookies: who.cookies, headers: who.headers, payload });

/** The store connected to Meta and to the demo WhatsApp Business Account's main number, as Integrations does it. */
export async function connectWhatsapp(context: MetaTestServer, owner: Caller, store: number): Promise<void> {
  await connectMeta(context, owner, store);
  const saved = await request(context.server, owner, 'PATCH', `/api/private/stores/${store}/whatsappSettings`, {
    whatsappId: ids.whatsappAccounts.tiendaDemo,
    whatsappPhoneNumberId: WHATSAPP_PHONE_NUMBER,
  });
  expect(saved.statusCode).toBe(200);
}

/** The server listening, and Meta's WhatsApp webhooks sent to it. */
export async function receiveWhatsappWebhooks({ meta, server }: MetaTestServer): Promise<void> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  meta.sandbox.whatsapp.setCallbackUrl(
    `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${WHATSAPP_WEBHOOK_PATH}`,
  );
}

/**
 * A server with Meta's sandbox, its WhatsApp webhooks received once each and in order, its statuses at once, and
 * the demo owner's store connected to WhatsApp: what the chat's tests start from.
 */
export async function startWhatsappStore(): Promise<MetaTestServer & { owner: Caller; store: number }> {
  const context = await startServerWithMeta({ whatsappWebhooks: { duplicateEvery: 0, lateEvery: 0 } });
  await receiveWhatsappWebhooks(context);
  context.meta.sandbox.whatsapp.setMessageHabits({ awkward: false, deliveredAfterMs: 0, readAfterMs: 0 });
  const owner = await signIn(context.server.app, 'demo@recompra.cl');
  const store = owner.user.store!;
  await context.server.db.query('delete from jobs');
  await connectWhatsapp(context, owner, store);
  return { ...context, owner, store };
}

/** Everything due now: jobs run, Meta's webhooks delivered and applied, until nothing is left. */
export async function settleWhatsapp({ meta, server }: MetaTestServer): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const ran = await server.app.jobs.drain();
    const made = await meta.sandbox.whatsapp.deliverWebhooks();
    expect(made.every((delivery) => delivery.status === 200)).toBe(true);
    if (ran === 0 && made.length === 0) return;
  }
}

/** A marketing template greeting the customer by name, with `changes`, sent to Meta and approved by its review. */
export async function approvedTemplate(
  context: MetaTestServer,
  owner: Caller,
  store: number,
  changes: Record<string, unknown>,
): Promise<number> {
  const created = await request(context.server, owner, 'POST', `/api/private/stores/${store}/whatsappTemplates`, {
    category: 'MARKETING',
    header: { format: 'NONE', text: null, mediaId: null },
    body: 'Hola {{client_first_name}}, esta semana tenemos ofertas en toda la tienda para ti.',
    footer: null,
    variables: [{ name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' }],
    buttons: [],
    ...changes,
  });
  expect(created.statusCode).toBe(201);
  context.meta.sandbox.whatsapp.advance(11_000);
  await enqueue(context.server.db, TEMPLATE_SYNC_QUEUE, { storeId: store });
  while ((await context.server.app.jobs.drain()) > 0) {}
  return created.json().id;
}

/** A header image kept for the store's templates, as the template form uploads it; its id. */
export async function templateImage(server: MetaTestServer['server'], owner: Caller, store: number, name: string): Promise<number> {
  const uploaded = await server.app.inject({
    method: 'POST',
    url: `/api/private/stores/${store}/whatsappTemplateMedia?name=${name}`,
    cookies: owner.cookies,
    headers: { ...owner.headers, 'content-type': 'image/png' },
    payload: pngImage(800, 418),
  });
  expect(uploaded.statusCode).toBe(201);
  return Number(uploaded.json().id);
}

export interface SegmentCustomer {
  id: number;
  firstName: string;
  phone: string;
  sms: boolean;
  whatsapp?: boolean | null;
}

/** A ready segment of these customers, written as the import writes them. */
export async function whatsappSegment(server: MetaTestServer['server'], store: number, name: string, customers: SegmentCustomer[]) {
  const [row] = await server.db.query<{ id: number }>(
    `insert into segments (store_id, name, form, rules, status) values ($1, $2, 'simple', '{}'::jsonb, 'ready') returning id::float8 as id`,
    [store, name],
  );
  await server.db.query(
    `insert into customers (store_id, external_id, first_name, phone, sms_consent, whatsapp_consent)
     select $1, c.id, c.first_name, c.phone, c.sms, c.whatsapp
       from json_to_recordset($2::json) as c(id bigint, first_name text, phone text, sms boolean, whatsapp boolean)
     on conflict do nothing`,
    [store, JSON.stringify(customers.map((each) => ({ ...each, first_name: each.firstName, whatsapp: each.whatsapp ?? null })))],
  );
  await server.db.query(
    `insert into segment_members (segment_id, store_id, customer_external_id) select $1, $2, id from unnest($3::bigint[]) as id`,
    [row!.id, store, customers.map((each) => each.id)],
  );
  return row!.id;
}

/** Today and the current minute in the store's time zone: a unique campaign sent now. */
export function sendingNow(timeZone = 'America/Santiago') {
  const now = new Date();
  return {
    sendDate: now.toLocaleDateString('sv-SE', { timeZone }),
    sendTime: now.toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }),
  };
}

/** A unique campaign of the template to the segment, sent now, as the form sends it. */
export function uniqueCampaignNow(name: string, templateId: number, segmentId: number, variables: { name: string; text: string }[] = []) {
  return {
    name,
    kind: 'unique',
    templateId,
    segmentId,
    ...sendingNow(),
    event: null,
    delay: null,
    window: null,
    variables,
    headerMediaId: null,
  };
}
