/*
 * Who WhatsApp marketing may reach (audiences.ts): the phone as E.164, WhatsApp consent where Shopify has the
 * customer's WhatsApp choice and SMS consent otherwise, and the customer's own opt-outs until they consent again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/platform/database/db.ts';
import {
  customersWithPhone,
  reachableMembers,
  WHATSAPP_PHONE_SQL,
  WHATSAPP_REACHABLE_SQL,
  whatsappAudienceCounts,
  whatsappReachable,
  whatsappRecipients,
} from '../../../../src/server/platform/store-data/audiences.ts';
import { customerDataOf } from '../../../../src/server/platform/store-data/customer-data.ts';
import { StoreEvents } from '../../../../src/server/platform/store-data/store-events.ts';
import { recordWhatsappPreference } from '../../../../src/server/platform/store-data/whatsapp-preferences.ts';
import { toE164 } from '../../../../src/shared/whatsapp-campaigns.ts';
import { addStore, migratedDatabase } from '../../support/harness.ts';

let db: Database;
let store: number;
let segment: string;
const events = () => new StoreEvents(db);

const CONSENTED_AT = '2026-05-01T12:00:00Z';
const BEFORE = '2026-04-01T12:00:00Z';
const AFTER = '2026-06-01T12:00:00Z';

interface Case {
  name: string;
  phone: string | null;
  sms: boolean;
  whatsapp: boolean | null;
  /** An opt-out (or a resume after it) of the customer's phone, with its time. */
  preferences?: { optedOut: boolean; at: string }[];
  reachable: boolean;
}

/** One customer per case, ids from 1 in this order; every one a member of the segment but the last. */
const CASES: Case[] = [
  { name: 'WhatsApp consent collected and given', phone: '+56 9 2345 6701', sms: false, whatsapp: true, reachable: true },
  { name: 'WhatsApp consent collected and refused, SMS given', phone: '+56923456702', sms: true, whatsapp: false, reachable: false },
  { name: 'no WhatsApp choice: SMS consent given', phone: '923456703', sms: true, whatsapp: null, reachable: true },
  { name: 'no WhatsApp choice: no SMS consent', phone: '923456704', sms: false, whatsapp: null, reachable: false },
  { name: 'no phone', phone: null, sms: true, whatsapp: true, reachable: false },
  { name: 'a phone that cannot be a number', phone: '12-34', sms: true, whatsapp: true, reachable: false },
  { name: 'a foreign number, written with its country code', phone: '+1 (415) 555-0101', sms: true, whatsapp: null, reachable: true },
  {
    name: 'opted out after consenting',
    phone: '(09) 2345-6708',
    sms: true,
    whatsapp: null,
    preferences: [{ optedOut: true, at: AFTER }],
    reachable: false,
  },
  {
    name: 'consented again after opting out',
    phone: '56923456709',
    sms: false,
    whatsapp: true,
    preferences: [{ optedOut: true, at: BEFORE }],
    reachable: true,
  },
  {
    name: 'opted out, then resumed',
    phone: '0056923456710',
    sms: false,
    whatsapp: true,
    preferences: [
      { optedOut: true, at: AFTER },
      { optedOut: false, at: '2026-07-01T12:00:00Z' },
    ],
    reachable: true,
  },
  // Not in the segment: never reached through it, whatever it accepted.
  { name: 'outside the segment', phone: '+56923456711', sms: true, whatsapp: true, reachable: true },
];
const MEMBERS = CASES.length - 1;

beforeAll(async () => {
  db = await migratedDatabase();
  store = await addStore(db, 'Tienda de WhatsApp');
  for (const [k, c] of CASES.entries())
    await db.query(
      `insert into customers (store_id, external_id, first_name, last_name, email, phone, sms_consent, sms_consent_at, whatsapp_consent, whatsapp_consent_at)
       values ($1, $2, $3, 'Rojas', $4, $5, $6, $7, $8, $9)`,
      [
        store,
        k + 1,
        `Cliente ${k + 1}`,
        `cliente${k + 1}@tienda.cl`,
        c.phone,
        c.sms,
        CONSENTED_AT,
        c.whatsapp,
        c.whatsapp === null ? null : CONSENTED_AT,
      ],
    );
  for (const c of CASES)
    for (const preference of c.preferences ?? [])
      await db.transaction((tx) => recordWhatsappPreference(tx, events(), store, { phone: c.phone!, source: 'reply', ...preference }));
  [{ id: segment }] = (await db.query<{ id: string }>(
    `insert into segments (store_id, name, form, rules, status) values ($1, 'Todos', 'simple', '{}'::jsonb, 'ready') returning id::text`,
    [store],
  )) as [{ id: string }];
  await db.query(
    'insert into segment_members (segment_id, store_id, customer_external_id) select $1, $2, generate_series(1, $3::integer)',
    [segment, store, MEMBERS],
  );
});
afterAll(() => db?.close());

describe('the rule', () => {
  for (const [k, c] of CASES.entries())
    it(`${c.reachable ? 'reaches' : 'leaves out'} a customer: ${c.name}`, async () => {
      expect(await whatsappReachable(db, store, [String(k + 1)])).toEqual(new Set(c.reachable ? [String(k + 1)] : []));
    });

  it('counts the segment and those it may reach', async () => {
    const consented = CASES.slice(0, MEMBERS).filter((c) => c.reachable).length;
    expect(await whatsappAudienceCounts(db, store, segment)).toEqual({ members: MEMBERS, consented });
  });

  it("lists the segment's recipients by id, with the phone in E.164", async () => {
    const expected = CASES.slice(0, MEMBERS).flatMap((c, k) =>
      c.reachable
        ? [
            {
              externalId: String(k + 1),
              phone: toE164(c.phone),
              firstName: `Cliente ${k + 1}`,
              lastName: 'Rojas',
              email: `cliente${k + 1}@tienda.cl`,
            },
          ]
        : [],
    );
    expect(await whatsappRecipients(db, store, segment)).toEqual(expected);
    expect(expected.map((r) => r.phone)).toEqual(['+56923456701', '+56923456703', '+14155550101', '+56923456709', '+56923456710']);
  });

  it('gives the engine SQL fragments with the same answer', async () => {
    const rows = await db.query<{ id: string; phone: string }>(
      `select c.external_id::text as id, ${WHATSAPP_PHONE_SQL} as phone from customers c
        where c.store_id = $1 and ${WHATSAPP_REACHABLE_SQL} order by c.external_id`,
      [store],
    );
    expect(rows.map((row) => row.id)).toEqual(CASES.flatMap((c, k) => (c.reachable ? [String(k + 1)] : [])));
  });

  it('leaves the ads audience on its own rule: SMS consent and a number, whatever WhatsApp says', async () => {
    expect((await reachableMembers(db, store, segment, 'ads')).map((m) => m.externalId)).toEqual(['2', '3', '7', '8']);
  });

  it('answers nothing for no customers', async () => {
    expect(await whatsappReachable(db, store, [])).toEqual(new Set());
  });
});

describe('phones', () => {
  it('finds a customer however their number was written', async () => {
    const other = await addStore(db, 'Tienda de teléfonos');
    const written = ['+56 9 2345 6701', '923456701', '56923456701', '0056923456701', '(09) 2345-6701', '+56 9 2345 6799'];
    for (const [k, phone] of written.entries())
      await db.query('insert into customers (store_id, external_id, phone) values ($1, $2, $3)', [other, k + 1, phone]);
    expect(await customersWithPhone(db, other, '+56923456701')).toEqual(['1', '2', '3', '4', '5']);
    expect(await customersWithPhone(db, other, '+56 9 2345 6799')).toEqual(['6']);
    expect(await customersWithPhone(db, other, '+56900000000')).toEqual([]);
  });

  it('reads every number as toE164 does', async () => {
    const samples = [
      '+56 9 2345 6701',
      '923456701',
      '56923456701',
      '0056923456701',
      '  (09) 2345-6701 ',
      '09 2345 6701',
      '22345678',
      '2345678',
      '56912345',
      '+1 415 555 0101',
      '0044 20 7946 0958',
      '+44 (0) 20 7946 0958',
      '12-34',
      '',
      '   ',
      '+0 123 456 789',
      '00',
      '1234567890123456',
      'llamar al 9 2345 6701',
      '56 9 2345 6701',
      '\t+56 9 2345 6701',
      ' +56 9',
      '+44 (0) 20 7946 0958',
      '5612345678',
      '000923456701',
    ];
    const rows = await db.query<{ phone: string; e164: string | null }>(
      'select p as phone, whatsapp_phone(p) as e164 from unnest($1::text[]) as p',
      [samples],
    );
    expect(rows.map((row) => [row.phone, row.e164])).toEqual(samples.map((phone) => [phone, toE164(phone)]));
  });
});

describe('opt-outs', () => {
  const latest = async (phone: string) =>
    (
      await db.query<{ opted_out: boolean; source: string; at: Date }>(
        'select opted_out, source, at from whatsapp_opt_outs where store_id = $1 and phone = $2',
        [store, phone],
      )
    )[0];

  it('records the preference once, with the customers that have the phone, and never over a later one', async () => {
    const phone = '+56923456704';
    const record = (optedOut: boolean, at: string) =>
      db.transaction((tx) => recordWhatsappPreference(tx, events(), store, { phone, optedOut, source: 'meta', at }));
    expect(await record(true, '2026-08-01T10:00:00Z')).toBe(true);
    // The same word again, and an older one delivered late, change nothing.
    expect(await record(true, '2026-08-01T10:00:00Z')).toBe(false);
    expect(await record(false, '2026-07-01T10:00:00Z')).toBe(false);
    expect(await latest(phone)).toMatchObject({ opted_out: true, source: 'meta' });
    const recorded = await db.query<{ customers: string[]; detail: unknown }>(
      `select customers::text[] as customers, detail from store_events
        where store_id = $1 and kind = 'whatsapp_marketing_preference' and detail->>'phone' = $2`,
      [store, phone],
    );
    expect(recorded).toEqual([{ customers: ['4'], detail: { phone, optedOut: true, source: 'meta', at: '2026-08-01T10:00:00.000Z' } }]);
  });

  it('takes the phone as toE164 reads it, and refuses one that is no number', async () => {
    expect(
      await db.transaction((tx) =>
        recordWhatsappPreference(tx, events(), store, { phone: '9 2345 6703', optedOut: true, source: 'sendError', at: AFTER }),
      ),
    ).toBe(true);
    expect(await latest('+56923456703')).toMatchObject({ opted_out: true, source: 'sendError' });
    expect(await whatsappReachable(db, store, ['3'])).toEqual(new Set());
    expect(
      await db.transaction((tx) =>
        recordWhatsappPreference(tx, events(), store, { phone: '12', optedOut: true, source: 'reply', at: AFTER }),
      ),
    ).toBe(false);
  });

  it("answers a customer's data request with the opt-outs of their phone", async () => {
    const data = await customerDataOf(db, store, '8');
    expect(data.whatsapp_opt_outs).toEqual([{ phone: '+56923456708', opted_out: true, source: 'reply', at: expect.any(String) }]);
    expect((await customerDataOf(db, store, '1')).whatsapp_opt_outs).toBeUndefined();
  });

  it('lets a consent given in Shopify after the opt-out lift it', async () => {
    await db.query(`update customers set sms_consent_at = $3 where store_id = $1 and external_id = $2`, [store, 3, '2026-09-01T00:00:00Z']);
    expect(await whatsappReachable(db, store, ['3'])).toEqual(new Set(['3']));
  });
});
