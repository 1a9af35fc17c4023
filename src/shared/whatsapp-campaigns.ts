import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';
import type { components } from './api/app.gen';
import { formatClp } from './format/number';
import { CONTROL_CHARACTER } from './text-rules';
import { WHATSAPP_NOT_CONNECTED } from './whatsapp-connection';
import type { WhatsappTemplateButton, WhatsappTemplateCategory, WhatsappTemplateVariable } from './whatsapp-templates';

/*
 * SPEC §5's messaging-campaign rules, Meta's prices and the attribution window, for the campaign form and the
 * server alike. The messages are keys of the `createWhatsappCampaign` text group; the server words the same
 * keys in Spanish. What needs the template (the variables each event can fill) is said here once too.
 */

dayjs.extend(utc);
dayjs.extend(timezone);

export type WhatsappCampaignInput = components['schemas']['WhatsappCampaignInput'];
export type WhatsappCampaignKind = components['schemas']['WhatsappCampaignKind'];
export type WhatsappCampaignEvent = components['schemas']['WhatsappCampaignEvent'];
export type WhatsappCampaignStatus = components['schemas']['WhatsappCampaignStatus'];
export type WhatsappCampaignPauseReason = components['schemas']['WhatsappCampaignPauseReason'];
export type WhatsappCampaignDelay = components['schemas']['WhatsappCampaignDelay'];
export type WhatsappCampaignDelayUnit = components['schemas']['WhatsappCampaignDelayUnit'];
export type WhatsappCampaignWindow = components['schemas']['WhatsappCampaignWindow'];
export type WhatsappCampaignRecipientStatus = components['schemas']['WhatsappCampaignRecipientStatus'];

export const WHATSAPP_CAMPAIGN_KINDS = ['unique', 'automated'] as const satisfies readonly WhatsappCampaignKind[];
export const WHATSAPP_CAMPAIGN_EVENTS = [
  'segmentEntry',
  'orderFulfilled',
  'cartAbandoned',
] as const satisfies readonly WhatsappCampaignEvent[];
/** SPEC §9: the units of an automated campaign's delay. */
export const WHATSAPP_CAMPAIGN_DELAY_UNITS = ['days', 'hours', 'minutes'] as const satisfies readonly WhatsappCampaignDelayUnit[];

export const WHATSAPP_CAMPAIGN_LIMITS = {
  nameMaxLength: 100,
  variableTextMaxLength: 200,
  /** The longest delay after an event, in minutes (30 days): a later message no longer answers the event. */
  delayMaxMinutes: 30 * 24 * 60,
  /** A unique campaign may be set to send this many minutes in the past (the time the form took to send). */
  sendGraceMinutes: 5,
} as const;

const MINUTES_PER_UNIT: Record<WhatsappCampaignDelayUnit, number> = { days: 24 * 60, hours: 60, minutes: 1 };

/** The delay in minutes (0 without one). */
export function delayMinutes(delay: WhatsappCampaignDelay | null): number {
  return delay === null ? 0 : delay.amount * MINUTES_PER_UNIT[delay.unit];
}

/**
 * Meta's price per delivered template message to Chile, by category, in USD (Meta charges per delivered message
 * since 1 July 2025; SPEC §9 quotes the marketing rate). One dated table: when Meta publishes new rates, change it
 * and its date together.
 */
export const WHATSAPP_RATES = {
  asOf: '2025-07-01',
  country: 'CL',
  usd: { MARKETING: 0.0889, UTILITY: 0.02 } satisfies Record<WhatsappTemplateCategory, number>,
} as const;

/** What sending `messages` messages of this category would cost if every one is delivered, in USD (cents rounded). */
export function estimatedCostUsd(category: WhatsappTemplateCategory, messages: number): number {
  return Math.round(WHATSAPP_RATES.usd[category] * messages * 100) / 100;
}

/** An order counts as the campaign's when its recipient placed it within this many days after the message was delivered. */
export const WHATSAPP_ATTRIBUTION_DAYS = 5;

/**
 * Replies that stop WhatsApp marketing to the customer (case, accents and surrounding spaces or punctuation
 * ignored): answered once with a confirmation, and no campaign reaches them until they consent again.
 */
export const WHATSAPP_OPT_OUT_REPLIES = ['baja', 'stop', 'detener', 'no quiero recibir mas mensajes'] as const;

/** Whether a customer's message asks to stop WhatsApp marketing. */
export function isOptOutReply(text: string): boolean {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return (WHATSAPP_OPT_OUT_REPLIES as readonly string[]).includes(plain);
}

/**
 * A phone as WhatsApp takes it, E.164 (`+56912345678`): digits only, a leading 00 or + kept as the country
 * code, and a number without one read as Chilean (+56; a 9-digit mobile, or 8 digits with the old leading 9
 * missing is left as it is). Null when it cannot be a phone number (fewer than 8 or more than 15 digits).
 */
export function toE164(phone: string | null | undefined, defaultCountryCode = '56'): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) digits = digits.slice(2);
  if (!international) {
    digits = digits.replace(/^0+/, '');
    if (!digits.startsWith(defaultCountryCode) || digits.length <= 9) digits = `${defaultCountryCode}${digits}`;
  }
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return null;
  return `+${digits}`;
}

/** Every message key the campaign form can show for a rule, as the `createWhatsappCampaign` text group holds them. */
export const WHATSAPP_CAMPAIGN_ERRORS = {
  required: 'errors.required',
  nameRequired: 'errors.nameRequired',
  nameTooLong: 'errors.nameTooLong',
  controlCharacters: 'errors.controlCharacters',
  templateRequired: 'errors.templateRequired',
  templateNotApproved: 'errors.templateNotApproved',
  templateNeedsCart: 'errors.templateNeedsCart',
  segmentRequired: 'errors.segmentRequired',
  eventRequired: 'errors.eventRequired',
  dateRequired: 'errors.dateRequired',
  timeRequired: 'errors.timeRequired',
  sendInPast: 'errors.sendInPast',
  delayInvalid: 'errors.delayInvalid',
  delayTooLong: 'errors.delayTooLong',
  windowInvalid: 'errors.windowInvalid',
  variableTextRequired: 'errors.variableTextRequired',
  variableTextTooLong: 'errors.variableTextTooLong',
  variableNotNeeded: 'errors.variableNotNeeded',
  fileRequired: 'errors.fileRequired',
  fileFormat: 'errors.fileFormat',
} as const;
export type WhatsappCampaignErrorKey = (typeof WHATSAPP_CAMPAIGN_ERRORS)[keyof typeof WHATSAPP_CAMPAIGN_ERRORS];

/** The contract's error codes for a campaign. */
export const WHATSAPP_CAMPAIGN_ERROR_CODES = {
  notConnected: WHATSAPP_NOT_CONNECTED,
} as const;

/** Why a variable needs a text the campaign writes: a free text, or a value the event does not carry. */
export type VariableTextReason = 'freeText' | 'noProduct';

/** Whether the campaign's messages come with a product (an order's or a cart's) for the product variables. */
export function hasProductContext(kind: WhatsappCampaignKind, event: WhatsappCampaignEvent | null): boolean {
  // A unique campaign's product is the recipient's last order's, an orderFulfilled one's the order's. Entering a
  // segment carries no product, and a cart's lines are not kept (only its total and recovery link).
  return kind === 'unique' || event === 'orderFulfilled';
}

/**
 * The template's variables the campaign must write a text for, with why: each free text (SPEC §5 "Free-text
 * variables required") and, in an automated campaign whose event carries no product, the product variables
 * ("Some variables cannot be used in automated campaigns"). The customer variables are always the recipient's.
 */
export function whatsappCampaignVariablesNeeded(
  variables: readonly Pick<WhatsappTemplateVariable, 'name' | 'type'>[],
  kind: WhatsappCampaignKind,
  event: WhatsappCampaignEvent | null,
): { name: string; reason: VariableTextReason }[] {
  const product = hasProductContext(kind, event);
  return variables.flatMap((variable): { name: string; reason: VariableTextReason }[] => {
    if (variable.type === 'TEXT') return [{ name: variable.name, reason: 'freeText' }];
    if (!product && variable.type.startsWith('PRODUCT_')) return [{ name: variable.name, reason: 'noProduct' }];
    return [];
  });
}

/** A checkout button sends the customer's abandoned checkout: only a cartAbandoned campaign has one. */
export function templateUsableWith(
  buttons: readonly Pick<WhatsappTemplateButton, 'type'>[],
  kind: WhatsappCampaignKind,
  event: WhatsappCampaignEvent | null,
): boolean {
  return !buttons.some((button) => button.type === 'CHECKOUT_URL') || (kind === 'automated' && event === 'cartAbandoned');
}

const E = WHATSAPP_CAMPAIGN_ERRORS;
const L = WHATSAPP_CAMPAIGN_LIMITS;
const LOCAL_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const ID = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

const campaignFields = z.strictObject({
  name: z
    .string({ error: E.nameRequired })
    .max(L.nameMaxLength, E.nameTooLong)
    .refine((value) => /\S/.test(value), E.nameRequired)
    .refine((value) => !CONTROL_CHARACTER.test(value), E.controlCharacters),
  kind: z.enum(WHATSAPP_CAMPAIGN_KINDS, { error: E.required }),
  templateId: z.number({ error: E.templateRequired }).int().min(1, E.templateRequired).max(Number.MAX_SAFE_INTEGER),
  segmentId: ID.nullable(),
  sendDate: z
    .string()
    .regex(/^(20[0-9]{2}|2100)-[01][0-9]-[0-3][0-9]$/, E.dateRequired)
    .nullable(),
  sendTime: z.string().regex(LOCAL_TIME, E.timeRequired).nullable(),
  event: z.enum(WHATSAPP_CAMPAIGN_EVENTS, { error: E.eventRequired }).nullable(),
  delay: z
    .strictObject({
      amount: z.number({ error: E.delayInvalid }).int(E.delayInvalid).min(1, E.delayInvalid).max(L.delayMaxMinutes, E.delayTooLong),
      unit: z.enum(WHATSAPP_CAMPAIGN_DELAY_UNITS, { error: E.delayInvalid }),
    })
    .nullable(),
  window: z
    .strictObject({ start: z.string().regex(LOCAL_TIME, E.windowInvalid), end: z.string().regex(LOCAL_TIME, E.windowInvalid) })
    .nullable(),
  variables: z
    .array(
      z.strictObject({
        name: z.string().regex(/^[a-z][a-z0-9_]*$/, E.variableNotNeeded),
        text: z
          .string()
          .max(L.variableTextMaxLength, E.variableTextTooLong)
          .refine((value) => /\S/.test(value), E.variableTextRequired)
          .refine((value) => !CONTROL_CHARACTER.test(value), E.controlCharacters),
      }),
    )
    .max(100),
  headerMediaId: ID.nullable(),
});

type Issue = { path: (string | number)[]; message: WhatsappCampaignErrorKey };

/** What each kind needs, and nothing the other kind has. */
function kindIssues(input: WhatsappCampaignInput): Issue[] {
  const issues: Issue[] = [];
  if (input.kind === 'unique') {
    if (input.segmentId === null) issues.push({ path: ['segmentId'], message: E.segmentRequired });
    if (input.sendDate === null) issues.push({ path: ['sendDate'], message: E.dateRequired });
    if (input.sendTime === null) issues.push({ path: ['sendTime'], message: E.timeRequired });
  } else {
    if (input.event === null) issues.push({ path: ['event'], message: E.eventRequired });
    if (input.event === 'segmentEntry' && input.segmentId === null) issues.push({ path: ['segmentId'], message: E.segmentRequired });
    if (delayMinutes(input.delay) > L.delayMaxMinutes) issues.push({ path: ['delay', 'amount'], message: E.delayTooLong });
    if (input.window !== null && input.window.start >= input.window.end) issues.push({ path: ['window', 'end'], message: E.windowInvalid });
  }
  return issues;
}

/** Mirrors `WhatsappCampaignInput`, with the rules between its fields the contract cannot say. */
export const whatsappCampaignInputSchema = campaignFields.superRefine((input, context) => {
  for (const issue of kindIssues(input)) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}) satisfies z.ZodType<WhatsappCampaignInput, WhatsappCampaignInput>;

/**
 * The rules that need the chosen template: a text for each variable that needs one and for nothing else, a
 * header file for a media header, and a template its event can send. Used by the form and the server.
 */
export function templateIssues(
  input: Pick<WhatsappCampaignInput, 'kind' | 'event' | 'variables' | 'headerMediaId'>,
  template: {
    status: string;
    headerFormat: string;
    variables: readonly Pick<WhatsappTemplateVariable, 'name' | 'type'>[];
    buttons: readonly Pick<WhatsappTemplateButton, 'type'>[];
  },
): Issue[] {
  const issues: Issue[] = [];
  if (template.status !== 'APPROVED') issues.push({ path: ['templateId'], message: E.templateNotApproved });
  else if (!templateUsableWith(template.buttons, input.kind, input.event))
    issues.push({ path: ['templateId'], message: E.templateNeedsCart });
  const needed = whatsappCampaignVariablesNeeded(template.variables, input.kind, input.event).map((variable) => variable.name);
  for (const name of needed)
    if (!input.variables.some((variable) => variable.name === name && /\S/.test(variable.text)))
      issues.push({ path: ['variables', name], message: E.variableTextRequired });
  input.variables.forEach((variable, index) => {
    if (!needed.includes(variable.name) || input.variables.findIndex((each) => each.name === variable.name) !== index)
      issues.push({ path: ['variables', variable.name], message: E.variableNotNeeded });
  });
  const mediaHeader = template.headerFormat === 'IMAGE' || template.headerFormat === 'VIDEO' || template.headerFormat === 'DOCUMENT';
  if (mediaHeader && input.headerMediaId === null) issues.push({ path: ['headerMediaId'], message: E.fileRequired });
  return issues;
}

/** The instant a unique campaign sends: its day and hour as written, in the store's time zone. */
export function sendInstant(sendDate: string, sendTime: string, timeZone: string): Date {
  return dayjs.tz(`${sendDate} ${sendTime}`, timeZone).toDate();
}

/** Whether a unique campaign's time is still ahead (within the grace the form's sending takes). */
export function sendTimeAhead(sendAt: Date, now: Date | number): boolean {
  return sendAt.getTime() >= new Date(now).getTime() - WHATSAPP_CAMPAIGN_LIMITS.sendGraceMinutes * 60_000;
}

/**
 * The first instant from `at` on within the campaign's notification window (its hours of the day in the store's
 * time zone): `at` itself inside it, the window's next start otherwise; `at` without a window.
 */
export function withinWindow(at: Date, window: WhatsappCampaignWindow | null, timeZone: string): Date {
  if (window === null) return at;
  const local = dayjs(at).tz(timeZone);
  const time = local.format('HH:mm');
  if (time >= window.start && time < window.end) return at;
  const day = time < window.start ? local : local.add(1, 'day');
  return dayjs.tz(`${day.format('YYYY-MM-DD')} ${window.start}`, timeZone).toDate();
}

/** What a message knows of its recipient (the preview's sample is one). */
export type RecipientFacts = components['schemas']['WhatsappCampaignSample'];

/** What a variable says when the recipient's data lacks it (Meta refuses an empty parameter). */
export const MISSING_VALUE = { firstName: 'cliente', other: '—' } as const;

/**
 * Each variable's value in one message: the campaign's text for a free text or a variable its event cannot fill,
 * the recipient's data otherwise (a product's price in CLP), a neutral word when the data lacks it.
 */
export function variableValues(
  variables: readonly Pick<WhatsappTemplateVariable, 'name' | 'type'>[],
  facts: RecipientFacts | null,
  texts: readonly { name: string; text: string }[],
): Record<string, string> {
  const fromFacts: Record<Exclude<WhatsappTemplateVariable['type'], 'TEXT'>, string | null> = {
    CLIENT_FIRST_NAME: facts?.firstName?.trim() || MISSING_VALUE.firstName,
    CLIENT_LAST_NAME: facts?.lastName?.trim() || null,
    CLIENT_EMAIL: facts?.email?.trim() || null,
    PRODUCT_NAME: facts?.productName?.trim() || null,
    PRODUCT_PRICE: facts?.productPrice == null ? null : formatClp(facts.productPrice),
    PRODUCT_QUANTITY: facts?.productQuantity == null ? null : String(facts.productQuantity),
  };
  return Object.fromEntries(
    variables.map((variable) => {
      const text = texts.find((each) => each.name === variable.name)?.text;
      if (text !== undefined) return [variable.name, text];
      return [variable.name, variable.type === 'TEXT' ? MISSING_VALUE.other : (fromFacts[variable.type] ?? MISSING_VALUE.other)];
    }),
  );
}

/** A text with its `{{name}}` variables replaced by their values. */
export function filledText(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{([a-z][a-z0-9_]*)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The text a template message shows (the chat's, the campaign's): its text header's and its body's, values in place. */
export function templateMessageText(
  template: { headerFormat: string; headerText: string | null; body: string },
  values: Record<string, string>,
): string {
  const header = template.headerFormat === 'TEXT' && template.headerText ? filledText(template.headerText, values) : null;
  const body = filledText(template.body, values);
  return header ? `${header}\n\n${body}` : body;
}
