import type { ChannelConsentState, MarketingState } from '../types.ts';
import { type Calendar, countUntil, DAY, TIMELINE_SECONDS } from './calendar.ts';
import {
  CUSTOMER_TAGS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  PRODUCT_TYPE_WEIGHTS,
  PRODUCT_TYPES,
  type ProductInfo,
  REGIONS,
  STREETS,
} from './catalog.ts';
import { MAX_SEQ } from './ids.ts';
import { cumulativeWeights, pick, pickWeighted, type Random, streamFor, unit } from './prng.ts';

/**
 * The demo store's customers. Most buy once; some come back every few months; a few are regulars.
 * One in ten signed up to the newsletter and never bought. Consent to email and SMS marketing is
 * given at the first checkout by some, and withdrawn later by a share of those. The store began asking
 * for WhatsApp consent at checkout in its last year (`WHATSAPP_CONSENT_FROM`): customers who arrived
 * since with a phone said yes or no to it; everyone before has no WhatsApp choice (NEVER_SUBSCRIBED),
 * so only their SMS consent speaks for them.
 */

/** When the demo store began asking for WhatsApp marketing consent at checkout (timeline seconds). */
export const WHATSAPP_CONSENT_FROM = TIMELINE_SECONDS - 365 * DAY;

/** A consent the merchant changed in Shopify's admin (the sandbox's `setCustomerConsent`), from `at` on. */
export interface ConsentChange {
  at: number;
  sms?: MarketingState;
  whatsapp?: ChannelConsentState;
}

/** Record kinds and their shares of all customer records. */
const KINDS = [
  { name: 'subscriber', share: 0.1, gapDays: 0 },
  { name: 'single', share: 0.5, gapDays: 0 },
  { name: 'regular', share: 0.32, gapDays: 90 },
  { name: 'loyal', share: 0.08, gapDays: 35 },
] as const;
export type CustomerKind = (typeof KINDS)[number]['name'];
/** The share of customer records that ever buy. */
export const BUYER_SHARE = 1 - KINDS[0].share;

export interface Address {
  region: number;
  city: string;
  street: string;
}

export interface CustomerProfile {
  index: number;
  kind: CustomerKind;
  /** When the account was made: the first order's time for buyers, the sign-up for subscribers. */
  arrival: number;
  continueChance: number;
  gapDays: number;
  favoriteType: number;
  stapleProduct: number;
  /** The default address first; some customers have a second or third. */
  addresses: Address[];
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  /** Consent as given at sign-up or first checkout… */
  emailState: MarketingState | null;
  smsState: MarketingState | null;
  /** …and when it was withdrawn, if ever (it may lie ahead of the visible moment). */
  emailWithdrawnAt: number | null;
  smsWithdrawnAt: number | null;
  /** The WhatsApp choice at the first checkout (null: never asked), and when it was withdrawn, if ever. */
  whatsappState: ChannelConsentState | null;
  whatsappWithdrawnAt: number | null;
  tags: string[];
  /** Changes the merchant made since, oldest first (none in the generated store). */
  consentChanges?: readonly ConsentChange[];
}

const consentAt = <State extends string>(state: State | null, withdrawnAt: number | null, now: number): State | 'UNSUBSCRIBED' | null =>
  state === 'SUBSCRIBED' && withdrawnAt !== null && withdrawnAt <= now ? 'UNSUBSCRIBED' : state;

/** A customer's email, SMS and WhatsApp consent as they stand at `now`, and when each last changed (null: never). */
export function consentsAt(customer: CustomerProfile, now: number) {
  const email = consentAt(customer.emailState, customer.emailWithdrawnAt, now);
  let sms = consentAt(customer.smsState, customer.smsWithdrawnAt, now);
  let whatsapp: ChannelConsentState = consentAt(customer.whatsappState, customer.whatsappWithdrawnAt, now) ?? 'NEVER_SUBSCRIBED';
  let smsChanged = sms !== customer.smsState ? customer.smsWithdrawnAt! : customer.arrival;
  // Shopify gives no date for a channel the customer never had a choice on.
  let whatsappChanged: number | null =
    whatsapp === 'NEVER_SUBSCRIBED' ? null : whatsapp !== customer.whatsappState ? customer.whatsappWithdrawnAt! : customer.arrival;
  for (const change of customer.consentChanges ?? []) {
    if (change.at > now) break;
    if (change.sms) [sms, smsChanged] = [change.sms, change.at];
    if (change.whatsapp) [whatsapp, whatsappChanged] = [change.whatsapp, change.at];
  }
  return {
    email,
    sms,
    whatsapp,
    emailChanged: email !== customer.emailState ? customer.emailWithdrawnAt! : customer.arrival,
    smsChanged,
    whatsappChanged,
  };
}

// Hash streams, so each decision has its own numbers.
const S_ARRIVAL = 1;
const S_PROFILE = 2;
const S_ORDERS = 3;

export interface CustomerOptions {
  seed: number;
  /** Customer records reached after three years. */
  customers: number;
  /** Orders of customers (not guests) visible after three years, about. */
  customerOrders: number;
  calendar: Calendar;
  products: readonly ProductInfo[];
  productsByType: readonly ProductInfo[][];
}

export type Customers = ReturnType<typeof createCustomers>;

export function createCustomers({ seed, customers, customerOrders, calendar, products, productsByType }: CustomerOptions) {
  const spacing = TIMELINE_SECONDS / customers;
  const regionWeights = cumulativeWeights(REGIONS.map((region) => region.weight));
  const typeWeights = cumulativeWeights(PRODUCT_TYPE_WEIGHTS);
  const kindWeights = cumulativeWeights(KINDS.map((kind) => kind.share));
  const pace = calibrate(customerOrders / (customers * BUYER_SHARE), calendar);
  const continueChance: Record<CustomerKind, number> = {
    subscriber: 0,
    single: 0,
    regular: pace.regular,
    loyal: loyalContinue(pace.regular),
  };

  /** New customers come as the store is busy: uniform in busy time. */
  const arrival = (i: number) => Math.floor(calendar.busy.inverse((i + unit(seed, S_ARRIVAL, i)) * spacing));

  function address(r: Random, region: number): Address {
    return { region, city: pick(r, REGIONS[region]!.cities), street: `${pick(r, STREETS)} ${100 + Math.floor(r() * 3900)}` };
  }

  /** A withdrawal some time after `from` for `share` of subscribed customers, or null. */
  function withdrawal(r: Random, state: string | null, from: number, share: number, meanDays: number): number | null {
    const roll = r();
    const after = Math.floor(Math.max(1, -Math.log(1 - r()) * meanDays) * DAY);
    return state === 'SUBSCRIBED' && roll < share ? from + after : null;
  }

  function profile(i: number): CustomerProfile {
    const r = streamFor(seed, S_PROFILE, i);
    const kind = pickWeighted(r, KINDS, kindWeights);
    const subscriber = kind.name === 'subscriber';
    const region = REGIONS.indexOf(pickWeighted(r, REGIONS, regionWeights));
    const addresses = [address(r, region)];
    const extraRoll = r();
    for (let k = 0; k < (extraRoll < 0.05 ? 2 : extraRoll < 0.22 ? 1 : 0); k++) {
      // A second address is mostly in the same region (family, work), sometimes in Santiago.
      addresses.push(address(r, r() < 0.6 ? region : 0));
    }
    const firstName = pick(r, FIRST_NAMES);
    const lastName = pick(r, LAST_NAMES);
    const hasEmail = subscriber || r() >= 0.03;
    const email = hasEmail ? `${slug(firstName)}.${slug(lastName)}${i}@${pick(r, EMAIL_DOMAINS)}` : null;
    const hasPhone = !hasEmail || r() >= 0.12;
    const phone = hasPhone ? `+569${String(10_000_000 + Math.floor(r() * 89_999_999))}` : null;
    const emailState: MarketingState | null = email ? (subscriber || r() < 0.42 ? 'SUBSCRIBED' : 'NOT_SUBSCRIBED') : null;
    const smsState: MarketingState | null = phone ? (r() < (subscriber ? 0.3 : 0.24) ? 'SUBSCRIBED' : 'NOT_SUBSCRIBED') : null;
    const at = arrival(i);
    const favoriteType = PRODUCT_TYPES.indexOf(pickWeighted(r, PRODUCT_TYPES, typeWeights));
    const stapleProduct = pick(r, productsByType[favoriteType]!).index;
    const tags = CUSTOMER_TAGS.filter(() => r() < 0.12) as string[];
    if (subscriber && !tags.includes('newsletter')) tags.push('newsletter');
    if (kind.name === 'loyal') tags.push('VIP');
    const emailWithdrawnAt = withdrawal(r, emailState, at, 0.18, 240);
    const smsWithdrawnAt = withdrawal(r, smsState, at, 0.12, 180);
    // Drawn after everything else, so the rest of the store is what it was before WhatsApp consent came.
    const asked = phone !== null && at >= WHATSAPP_CONSENT_FROM;
    const whatsappState: ChannelConsentState | null = asked ? (r() < 0.45 ? 'SUBSCRIBED' : 'NEVER_SUBSCRIBED') : null;
    return {
      index: i,
      kind: kind.name,
      arrival: at,
      continueChance: continueChance[kind.name],
      gapDays: kind.gapDays * pace.gapScale,
      favoriteType,
      stapleProduct,
      addresses,
      firstName,
      lastName,
      email,
      phone,
      emailState,
      smsState,
      emailWithdrawnAt,
      smsWithdrawnAt,
      whatsappState,
      whatsappWithdrawnAt: asked ? withdrawal(r, whatsappState, at, 0.1, 120) : null,
      tags: tags.sort(),
    };
  }

  /**
   * Calls `visit(seconds, seq)` for each of the customer's orders up to `horizon`, in order: the
   * first at arrival, then after gaps measured in the store's rhythm (so repeat purchases gather on
   * CyberDay and before Christmas too).
   */
  function forEachOrderTime(customer: CustomerProfile, horizon: number, visit: (time: number, seq: number) => void): void {
    if (customer.kind === 'subscriber') return;
    let time = customer.arrival;
    if (time > horizon) return;
    visit(time, 0);
    if (customer.continueChance === 0) return;
    const r = streamFor(seed, S_ORDERS, customer.index);
    let paced = calendar.rhythm.forward(time);
    for (let seq = 1; seq <= MAX_SEQ && r() < customer.continueChance; seq++) {
      paced += Math.max(1, -Math.log(1 - r()) * customer.gapDays) * DAY + r() * DAY;
      time = Math.max(time + 1, Math.floor(calendar.rhythm.inverse(paced)));
      if (time > horizon) return;
      visit(time, seq);
    }
  }

  /** Customer records created up to `now`. */
  const visible = (now: number) => countUntil(arrival, now, spacing, calendar.busy);

  /** A product the customer would buy at `time`: mostly of their favourite type, now and then their staple. */
  function chooseProduct(r: Random, customer: CustomerProfile | null, time: number): ProductInfo {
    const type = customer && r() < 0.6 ? customer.favoriteType : PRODUCT_TYPES.indexOf(pickWeighted(r, PRODUCT_TYPES, typeWeights));
    if (customer && type === customer.favoriteType) {
      const staple = products[customer.stapleProduct]!;
      if (staple.createdAt <= time && r() < 0.3) return staple;
    }
    const list = productsByType[type]!;
    let available = 0;
    while (available < list.length && list[available]!.createdAt <= time) available++;
    return list[Math.floor(r() * Math.max(1, available))]!;
  }

  return { spacing, continueChance, gapScale: pace.gapScale, arrival, profile, forEachOrderTime, visible, chooseProduct, address };
}

const loyalContinue = (regular: number) => 1 - (1 - regular) / 3;

/** Past this continuation chance, more orders per buyer come from shorter gaps instead. */
const MAX_CONTINUE = 0.95;

/**
 * The continuation chance of regular buyers (regulars continue more), and a scale on everyone's
 * gaps, that give buyers about `ratio` orders each after three years, given when they arrive (the
 * busy calendar) and how their repeat purchases are paced (the rhythm calendar). Realistic ratios
 * (1.3 to 2) only move the chance; the larger ones of benchmarks also shorten the gaps.
 */
function calibrate(ratio: number, calendar: Calendar): { regular: number; gapScale: number } {
  const end = calendar.rhythm.forward(TIMELINE_SECONDS) / DAY;
  // Days of rhythm left to each arrival, at quantiles of the arrivals.
  const spans = Array.from(
    { length: 64 },
    (_, k) => end - calendar.rhythm.forward(calendar.busy.inverse(((k + 0.5) / 64) * TIMELINE_SECONDS)) / DAY,
  );
  // Expected repeat orders within t days is q/(1-q)·(1-e^(-(1-q)t/g)).
  const repeats = (q: number, gap: number) =>
    q <= 0 ? 0 : spans.reduce((sum, t) => sum + (q / (1 - q)) * (1 - Math.exp((-(1 - q) * t) / gap)), 0) / spans.length;
  const regular = KINDS[2];
  const loyal = KINDS[3];
  // One knob from 0 to 2: the chance up to MAX_CONTINUE, then gaps down to a hundredth.
  const pace = (x: number) =>
    x <= 1 ? { regular: x * MAX_CONTINUE, gapScale: 1 } : { regular: MAX_CONTINUE, gapScale: 1 / (1 + (x - 1) * 99) };
  const expected = (x: number) => {
    const { regular: q, gapScale } = pace(x);
    return (
      1 +
      (regular.share * repeats(q, regular.gapDays * gapScale) + loyal.share * repeats(loyalContinue(q), loyal.gapDays * gapScale)) /
        BUYER_SHARE
    );
  };
  let low = 0;
  let high = 2;
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (expected(middle) < ratio) low = middle;
    else high = middle;
  }
  return pace(low);
}

const slugs = new Map<string, string>();
export function slug(text: string): string {
  let known = slugs.get(text);
  if (known === undefined) {
    known = text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    slugs.set(text, known);
  }
  return known;
}
