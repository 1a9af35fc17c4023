/*
 * WhatsApp marketing consent from Shopify: the sandbox serves it on the customer's default phone as the Admin
 * API does (2026-07 on) and carries it in `customers/update`; the import keeps it, and a withdrawal in Shopify
 * reaches the audience rule through the webhook, recording the store event campaigns follow.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../../../../src/server/features/integrations/store/sync.ts';
import { registerShopifyWebhooks } from '../../../../../src/server/features/integrations/store/webhooks.ts';
import { createShopifyClient, SHOPIFY_API_VERSION } from '../../../../../src/server/integrations/shopify/client.ts';
import { WHATSAPP_CONSENT_FROM } from '../../../../../src/server/integrations/shopify/sandbox/customers.ts';
import {
  createDemoStore,
  customerPayload,
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  type StartedSandbox,
  startShopifySandbox,
} from '../../../../../src/server/integrations/shopify/sandbox/index.ts';
import type { Customer } from '../../../../../src/server/integrations/shopify/types.ts';
import { numericId } from '../../../../../src/server/integrations/shopify/types.ts';
import { customerFromWebhook, parseDelivery } from '../../../../../src/server/integrations/shopify/webhooks.ts';
import type { Database } from '../../../../../src/server/platform/database/db.ts';
import { secretBox } from '../../../../../src/server/platform/security/secrets.ts';
import { whatsappReachable } from '../../../../../src/server/platform/store-data/audiences.ts';
import { StoreEvents } from '../../../../../src/server/platform/store-data/store-events.ts';
import { recordWhatsappPreference } from '../../../../../src/server/platform/store-data/whatsapp-preferences.ts';
import { addStore, migratedDatabase } from '../../../support/harness.ts';

let clock = new Date('2026-06-01T12:00:00Z');
let sandbox: StartedSandbox;
let db: Database;
let events: StoreEvents;
let receiver: FastifyInstance;
let storeId: number;
const imported = new Map<string, Customer>();

beforeAll(async () => {
  sandbox = await startShopifySandbox({ customers: 300, orders: 1200, now: () => clock, bulkDelayMs: 20, throttle: { restoreRate: 5000 } });
  db = await migratedDatabase();
  events = new StoreEvents(db);
  storeId = await addStore(db, 'Tienda de WhatsApp');
  await db.query(`insert into shopify_connections (store_id, shop_domain, access_token_encrypted) values ($1, $2, 'sellado')`, [
    storeId,
    SANDBOX_SHOP,
  ]);
  await db.query('insert into store_syncs (store_id) values ($1)', [storeId]);
  // The app's own webhook route, alone: Shopify's deliveries reach it over HTTP, signed by the sandbox.
  receiver = Fastify({ logger: false });
  registerShopifyWebhooks(receiver, db, events, sandbox.webhookSecret, secretBox(randomBytes(32)));
  await receiver.listen({ port: 0, host: '127.0.0.1' });
  const { port } = receiver.server.address() as AddressInfo;
  const client = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint: sandbox.endpoint });
  const context = { heartbeat: async () => undefined, progress: async () => undefined, signal: new AbortController().signal };
  await runSync({ db, events }, client, storeId, context, `http://127.0.0.1:${port}/webhooks/shopify`, clock, 200);
  for await (const customer of client.bulkExport('customers')) imported.set(numericId(customer.id)!, customer);
});
afterAll(async () => {
  await receiver?.close();
  await sandbox?.close();
  await db?.close();
});

const whatsappOf = (customer: Customer) => customer.defaultPhoneNumber?.whatsAppMarketingConsent ?? null;
const stored = async (id: string) =>
  (
    await db.query<{ whatsapp_consent: boolean | null; sms_consent: boolean; whatsapp_consent_at: Date | null; phone_e164: string | null }>(
      'select whatsapp_consent, sms_consent, whatsapp_consent_at, phone_e164 from customers where store_id = $1 and external_id = $2',
      [storeId, id],
    )
  )[0]!;

async function graphql(query: string) {
  const url = sandbox.endpoint.replace('{shop}', SANDBOX_SHOP).replace('{version}', SHOPIFY_API_VERSION);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': SANDBOX_TOKEN },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data: Record<string, unknown>; errors?: unknown };
}

describe('the sandbox', () => {
  it('asks for WhatsApp consent only since the store began to: before, every phone has no WhatsApp choice', () => {
    const withPhone = [...imported.values()].filter((customer) => customer.phone);
    const asked = withPhone.filter(
      (customer) => Date.parse(customer.createdAt) >= Date.parse('2023-11-01T00:00:00Z') + WHATSAPP_CONSENT_FROM * 1000,
    );
    const before = withPhone.filter((customer) => !asked.includes(customer));
    expect(before.length).toBeGreaterThan(50);
    expect(before.every((customer) => whatsappOf(customer)?.state === 'NEVER_SUBSCRIBED' && whatsappOf(customer)?.updatedAt === null)).toBe(
      true,
    );
    const subscribed = asked.filter((customer) => whatsappOf(customer)?.state === 'SUBSCRIBED');
    expect(subscribed.length).toBeGreaterThan(5);
    expect(subscribed.every((customer) => whatsappOf(customer)?.updatedAt)).toBe(true);
    expect(asked.some((customer) => whatsappOf(customer)?.state === 'NEVER_SUBSCRIBED')).toBe(true);
    // A customer without a phone has no default phone, so no WhatsApp consent.
    expect([...imported.values()].filter((customer) => !customer.phone).every((customer) => customer.defaultPhoneNumber === null)).toBe(
      true,
    );
  });

  it('is the same store from the same seed', () => {
    const again = createDemoStore({ customers: 300, orders: 1200, now: clock });
    for (const customer of [...imported.values()].slice(0, 100)) {
      const profile = again.customerById(Number(numericId(customer.id)), again.nowSeconds())!;
      expect(again.customerNode(profile, again.nowSeconds()).defaultPhoneNumber?.whatsAppMarketingConsent ?? null).toEqual(
        customer.defaultPhoneNumber ? expect.objectContaining(whatsappOf(customer)) : null,
      );
    }
  });

  it('answers the Admin API on the default phone: WhatsApp and SMS consent, valid against the schema', async () => {
    const [id, customer] = [...imported.entries()].find(([, c]) => whatsappOf(c)?.state === 'SUBSCRIBED')!;
    const answer = await graphql(`{ customer(id: "gid://shopify/Customer/${id}") {
      defaultPhoneNumber { phoneNumber whatsAppMarketingConsent { state updatedAt optInLevel collectedFrom } smsMarketingConsent { state }
        marketingState } } }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.customer).toEqual({
      defaultPhoneNumber: {
        phoneNumber: customer.phone,
        whatsAppMarketingConsent: {
          state: 'SUBSCRIBED',
          updatedAt: whatsappOf(customer)!.updatedAt,
          optInLevel: 'SINGLE_OPT_IN',
          collectedFrom: 'SHOPIFY',
        },
        smsMarketingConsent: { state: customer.smsMarketingConsent?.marketingState === 'SUBSCRIBED' ? 'SUBSCRIBED' : expect.any(String) },
        marketingState: customer.smsMarketingConsent?.marketingState,
      },
    });
  });

  it("carries both consents in the customer's webhook payload, which the app reads as the Admin API's", () => {
    const store = sandbox.store;
    const [id] = [...imported.entries()].find(([, c]) => whatsappOf(c)?.state === 'SUBSCRIBED')!;
    const profile = store.customerById(Number(id), store.nowSeconds())!;
    const payload = customerPayload(profile, store.nowSeconds());
    expect(payload.sms_marketing_consent).toMatchObject({
      state: expect.stringMatching(/^[a-z_]+$/),
      consent_updated_at: expect.any(String),
    });
    expect(payload.whats_app_marketing_consent).toMatchObject({
      state: 'subscribed',
      opt_in_level: 'single_opt_in',
      consent_collected_from: 'SHOPIFY',
    });
    const delivery = parseDelivery('customers/update', JSON.parse(JSON.stringify(payload)));
    expect(delivery).toMatchObject({ kind: 'customer' });
    const read = customerFromWebhook(JSON.parse(JSON.stringify(payload)));
    expect(whatsappOf(read)).toEqual({ state: 'SUBSCRIBED', updatedAt: payload.whats_app_marketing_consent!.consent_updated_at });
    expect(Date.parse(read.smsMarketingConsent!.consentUpdatedAt!)).toBe(Date.parse(payload.sms_marketing_consent!.consent_updated_at));
  });
});

describe('import and webhooks', () => {
  it("keeps each customer's WhatsApp consent as Shopify has it, and the phone as E.164", async () => {
    const rows = await db.query<{ id: string; whatsapp_consent: boolean | null; phone_e164: string | null }>(
      'select external_id::text as id, whatsapp_consent, phone_e164 from customers where store_id = $1',
      [storeId],
    );
    expect(rows.length).toBe(imported.size);
    for (const row of rows) {
      const state = whatsappOf(imported.get(row.id)!)?.state ?? 'NEVER_SUBSCRIBED';
      expect([row.id, row.whatsapp_consent]).toEqual([row.id, state === 'NEVER_SUBSCRIBED' ? null : state === 'SUBSCRIBED']);
      expect(row.phone_e164).toBe(imported.get(row.id)!.phone ? imported.get(row.id)!.phone!.replace(/\s/g, '') : null);
    }
    expect(rows.filter((row) => row.whatsapp_consent === true).length).toBeGreaterThan(5);
  });

  it('stops reaching a customer who withdraws WhatsApp consent in Shopify, and records the store event', async () => {
    const [id] =
      [...imported.entries()].find(
        ([, c]) => whatsappOf(c)?.state === 'SUBSCRIBED' && c.smsMarketingConsent?.marketingState === 'SUBSCRIBED',
      ) ?? [...imported.entries()].find(([, c]) => whatsappOf(c)?.state === 'SUBSCRIBED')!;
    expect(await whatsappReachable(db, storeId, [id])).toEqual(new Set([id]));
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await sandbox.setCustomerConsent(Number(id), { whatsapp: 'UNSUBSCRIBED' })).toEqual([200]);
    expect(await stored(id)).toMatchObject({ whatsapp_consent: false });
    // SMS consent, where given, no longer speaks for a customer Shopify has a WhatsApp choice for.
    expect(await whatsappReachable(db, storeId, [id])).toEqual(new Set());
    const [event] = await db.query<{ kind: string; customers: string[] }>(
      `select kind, customers::text[] as customers from store_events where store_id = $1 and $2::bigint = any(customers) order by id desc limit 1`,
      [storeId, id],
    );
    expect(event).toEqual({ kind: 'customers_touched', customers: [id] });
  });

  it('stops reaching a customer without a WhatsApp choice who withdraws SMS consent', async () => {
    const [id] = [...imported.entries()].find(
      ([, c]) => whatsappOf(c)?.state === 'NEVER_SUBSCRIBED' && c.smsMarketingConsent?.marketingState === 'SUBSCRIBED',
    )!;
    expect(await whatsappReachable(db, storeId, [id])).toEqual(new Set([id]));
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await sandbox.setCustomerConsent(Number(id), { sms: 'UNSUBSCRIBED' })).toEqual([200]);
    expect(await stored(id)).toMatchObject({ whatsapp_consent: null, sms_consent: false });
    expect(await whatsappReachable(db, storeId, [id])).toEqual(new Set());
  });

  it('reaches an opted-out customer again once they consent in Shopify after the opt-out', async () => {
    const [id, customer] = [...imported.entries()].find(
      ([candidate, c]) => whatsappOf(c)?.state === 'SUBSCRIBED' && candidate !== [...imported.keys()][0],
    )!;
    const reachable = async () => (await whatsappReachable(db, storeId, [id])).has(id);
    if (!(await reachable())) throw new Error('the customer should start reachable');
    clock = new Date(clock.getTime() + 3_600_000);
    await db.transaction((tx) =>
      recordWhatsappPreference(tx, events, storeId, { phone: customer.phone!, optedOut: true, source: 'reply', at: clock }),
    );
    expect(await reachable()).toBe(false);
    // The webhook of an unrelated change does not lift it: the consent is still the one from before.
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await sandbox.setCustomerConsent(Number(id), { sms: 'UNSUBSCRIBED' })).toEqual([200]);
    expect(await reachable()).toBe(false);
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await sandbox.setCustomerConsent(Number(id), { whatsapp: 'SUBSCRIBED' })).toEqual([200]);
    expect((await stored(id)).whatsapp_consent_at?.getTime()).toBe(Math.floor(clock.getTime() / 1000) * 1000);
    expect(await reachable()).toBe(true);
  });
});
