import { z } from 'zod';
import type { components } from './api/app.gen';
import { UPLOAD_MAX_BYTES } from './constants';
import { CONTROL_CHARACTER } from './text-rules';
import { WHATSAPP_NOT_CONNECTED } from './whatsapp-connection';

/*
 * SPEC §5's template rules with Meta's limits, for the template form and the server alike. The messages
 * are keys of the `createTemplate` text group; the server words the same keys in Spanish. The contract
 * (`WhatsappTemplateInput` in openapi/app.yaml) holds the same shapes and limits; what it cannot say
 * (variables declared as used, the variables a text's length allows, the buttons per type, what each
 * button type needs) is said here once.
 */

export type WhatsappTemplateInput = components['schemas']['WhatsappTemplateInput'];
export type WhatsappTemplateStatus = components['schemas']['WhatsappTemplateStatus'];
export type WhatsappTemplateCategory = components['schemas']['WhatsappTemplateCategory'];
export type WhatsappTemplateHeaderFormat = components['schemas']['WhatsappTemplateHeaderFormat'];
export type WhatsappTemplateVariable = components['schemas']['WhatsappTemplateVariable'];
export type WhatsappTemplateVariableType = components['schemas']['WhatsappTemplateVariableType'];
export type WhatsappTemplateButton = components['schemas']['WhatsappTemplateButton'];
export type WhatsappTemplateButtonType = components['schemas']['WhatsappTemplateButtonType'];
export type WhatsappTemplateRejectionReason = components['schemas']['WhatsappTemplateRejectionReason'];

export const WHATSAPP_TEMPLATE_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
] as const satisfies readonly WhatsappTemplateStatus[];
export const WHATSAPP_TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY'] as const satisfies readonly WhatsappTemplateCategory[];
export const WHATSAPP_TEMPLATE_HEADER_FORMATS = [
  'NONE',
  'TEXT',
  'IMAGE',
  'VIDEO',
  'DOCUMENT',
] as const satisfies readonly WhatsappTemplateHeaderFormat[];
export const WHATSAPP_TEMPLATE_VARIABLE_TYPES = [
  'CLIENT_FIRST_NAME',
  'CLIENT_LAST_NAME',
  'CLIENT_EMAIL',
  'PRODUCT_NAME',
  'PRODUCT_PRICE',
  'PRODUCT_QUANTITY',
  'TEXT',
] as const satisfies readonly WhatsappTemplateVariableType[];
export const WHATSAPP_TEMPLATE_BUTTON_TYPES = [
  'URL',
  'PHONE_NUMBER',
  'WHATSAPP_NUMBER',
  'CHECKOUT_URL',
  'REDO_LAST_ORDER_URL',
] as const satisfies readonly WhatsappTemplateButtonType[];

/** Meta's limits for a message template (WhatsApp Business Management API, "Message templates"). */
export const WHATSAPP_TEMPLATE_LIMITS = {
  nameMaxLength: 512,
  /** Ours: Meta does not see the description. */
  descriptionMaxLength: 300,
  headerTextMaxLength: 60,
  headerVariablesMax: 1,
  bodyMaxLength: 1024,
  footerMaxLength: 60,
  buttonsMax: 10,
  /** Buttons Meta receives as URL buttons: URL, WHATSAPP_NUMBER, CHECKOUT_URL and REDO_LAST_ORDER_URL together. */
  urlButtonsMax: 2,
  phoneButtonsMax: 1,
  buttonTextMaxLength: 25,
  urlMaxLength: 2000,
  exampleMaxLength: 200,
  /** Meta's ceiling on a template's parameters, whatever its length. */
  variablesMax: 100,
  /** An approved template: one edit a day, ten in 30 days. */
  editsPerDay: 1,
  editsPer30Days: 10,
} as const;

/**
 * The header files Meta takes (its "Supported media types"): extension to MIME type and the largest file,
 * each below SPEC §9's upload limit.
 */
export const WHATSAPP_TEMPLATE_MEDIA = {
  IMAGE: { formats: { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' }, maxBytes: Math.min(5 * 1024 * 1024, UPLOAD_MAX_BYTES) },
  VIDEO: { formats: { mp4: 'video/mp4', '3gp': 'video/3gpp' }, maxBytes: Math.min(16 * 1024 * 1024, UPLOAD_MAX_BYTES) },
  DOCUMENT: { formats: { pdf: 'application/pdf' }, maxBytes: Math.min(100 * 1024 * 1024, UPLOAD_MAX_BYTES) },
} as const;
export type WhatsappTemplateMediaFormat = keyof typeof WHATSAPP_TEMPLATE_MEDIA;

/** Every message key the template form can show for a rule, as the `createTemplate` text group holds them. */
export const WHATSAPP_TEMPLATE_ERRORS = {
  required: 'errors.required',
  nameRequired: 'errors.nameRequired',
  nameInvalid: 'errors.nameInvalid',
  nameTooLong: 'errors.nameTooLong',
  descriptionTooLong: 'errors.descriptionTooLong',
  controlCharacters: 'errors.controlCharacters',
  categoryRequired: 'errors.categoryRequired',
  headerTextRequired: 'errors.headerTextRequired',
  headerTextTooLong: 'errors.headerTextTooLong',
  headerTooManyVariables: 'errors.headerTooManyVariables',
  headerFileRequired: 'errors.headerFileRequired',
  bodyRequired: 'errors.bodyRequired',
  bodyTooLong: 'errors.bodyTooLong',
  footerTooLong: 'errors.footerTooLong',
  /** SPEC §8 2046. */
  tooManyVariables: 'errors.tooManyVariables',
  variableAtEdge: 'errors.variableAtEdge',
  variablesTogether: 'errors.variablesTogether',
  variableRepeated: 'errors.variableRepeated',
  variableUnknown: 'errors.variableUnknown',
  variableUnused: 'errors.variableUnused',
  exampleRequired: 'errors.exampleRequired',
  exampleTooLong: 'errors.exampleTooLong',
  tooManyButtons: 'errors.tooManyButtons',
  buttonTypeLimit: 'errors.buttonTypeLimit',
  buttonTextRequired: 'errors.buttonTextRequired',
  buttonTextTooLong: 'errors.buttonTextTooLong',
  urlRequired: 'errors.urlRequired',
  urlInvalid: 'errors.urlInvalid',
  urlTooLong: 'errors.urlTooLong',
  urlExampleRequired: 'errors.urlExampleRequired',
  countryCodeInvalid: 'errors.countryCodeInvalid',
  /** SPEC §8 2048. */
  phoneInvalid: 'errors.phoneInvalid',
} as const;
export type WhatsappTemplateErrorKey = (typeof WHATSAPP_TEMPLATE_ERRORS)[keyof typeof WHATSAPP_TEMPLATE_ERRORS];

/**
 * The contract's error codes for SPEC §8's template errors: 2046 (too many variables for the message's length,
 * 422 on `body` when Meta judges it), 2047 (a template with that name exists, 409 or 422 on `name`), 2048
 * (an invalid phone number, 422 on the button's `phoneNumber`).
 */
export const WHATSAPP_TEMPLATE_ERROR_CODES = {
  tooManyVariables: 'template_too_many_variables',
  nameTaken: 'template_name_taken',
  invalidPhoneNumber: 'invalid_phone_number',
  notEditable: 'template_not_editable',
  refused: 'template_refused',
  notConnected: WHATSAPP_NOT_CONNECTED,
} as const;

const E = WHATSAPP_TEMPLATE_ERRORS;
const L = WHATSAPP_TEMPLATE_LIMITS;

/** `{{name}}` as a template's text writes a variable (Meta's named parameters). */
const VARIABLE = /\{\{([a-z][a-z0-9_]*)\}\}/g;
/** The dynamic part Meta allows at the end of a URL button's address. */
export const URL_SUFFIX_VARIABLE = '{{1}}';
/** An address on the web with its scheme, as Meta's URL buttons take it. */
export const TEMPLATE_URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/;
const CONTROL_CHARACTER_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The variable names a text uses, in order, repeats included. */
export function variablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((match) => match[1] ?? '');
}

/** The name a variable of this type takes in the text: its type in lower case, free texts numbered. */
export function variableNameFor(type: WhatsappTemplateVariableType, taken: readonly string[]): string {
  if (type !== 'TEXT') return type.toLowerCase();
  let number = 1;
  while (taken.includes(`text_${number}`)) number += 1;
  return `text_${number}`;
}

/** The type a variable's name stands for; null for a name the scheme does not know. */
export function variableTypeOf(name: string): WhatsappTemplateVariableType | null {
  if (/^text_[1-9][0-9]*$/.test(name)) return 'TEXT';
  const type = name.toUpperCase();
  return (WHATSAPP_TEMPLATE_VARIABLE_TYPES as readonly string[]).includes(type) && type !== 'TEXT'
    ? (type as WhatsappTemplateVariableType)
    : null;
}

/** The words of a text without its variables (what Meta weighs the variables against). */
export function wordsBesideVariables(text: string): number {
  return text
    .replace(VARIABLE, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * The most variables a body of this length may hold. Meta refuses a template with "too many variables for its
 * length" (SPEC §8 2046) without publishing the ratio; what it takes, as observed and documented by its
 * providers, is at least 2n + 1 words besides n variables.
 */
export function variablesAllowed(body: string): number {
  return Math.min(L.variablesMax, Math.max(0, Math.floor((wordsBesideVariables(body) - 1) / 2)));
}

/** Whether one more variable fits the body as it stands (the menu's "no more variables can be added"). */
export function canAddVariable(body: string): boolean {
  return variablesIn(body).length < variablesAllowed(body);
}

/** Meta refuses a body that starts or ends with a variable (spaces and punctuation around it aside). */
export function variableAtEdge(body: string): boolean {
  return /^[^\p{L}\p{N}{]*\{\{[a-z][a-z0-9_]*\}\}/u.test(body) || /\{\{[a-z][a-z0-9_]*\}\}[^\p{L}\p{N}}]*$/u.test(body);
}

/** Meta refuses two variables with nothing but spaces or punctuation between them. */
export function variablesTogether(text: string): boolean {
  return /\}\}[^\p{L}\p{N}{]*\{\{/u.test(text);
}

/** Meta counts these as URL buttons, whatever we call them. */
export const URL_BUTTON_TYPES = [
  'URL',
  'WHATSAPP_NUMBER',
  'CHECKOUT_URL',
  'REDO_LAST_ORDER_URL',
] as const satisfies readonly WhatsappTemplateButtonType[];

/**
 * What a template's buttons add to one message: the suffix of each dynamic URL button, by index (a campaign's and
 * the chat's sends alike).
 */
export function buttonSuffixes(
  buttons: readonly Pick<WhatsappTemplateButton, 'type' | 'url' | 'urlExample'>[],
  checkoutUrl: string | null,
): Record<string, string> {
  const suffixes: Record<string, string> = {};
  buttons.forEach((button, index) => {
    if (button.type === 'URL' && button.url?.endsWith(URL_SUFFIX_VARIABLE)) suffixes[index] = button.urlExample ?? '';
    // The checkout's own recovery link, on the shop's address the template holds.
    if (button.type === 'CHECKOUT_URL') suffixes[index] = checkoutUrl ? checkoutUrl.replace(/^https?:\/\/[^/]+\//, '') : 'cart';
    // The shop's cart: the order lines kept here carry products, not the variants a cart permalink needs.
    if (button.type === 'REDO_LAST_ORDER_URL') suffixes[index] = 'cart';
  });
  return suffixes;
}

/** How many buttons of a type a template may hold on its own (Meta's limits apply across types too: `canAddButton`). */
export const BUTTON_TYPE_MAX: Record<WhatsappTemplateButtonType, number> = {
  URL: L.urlButtonsMax,
  PHONE_NUMBER: L.phoneButtonsMax,
  WHATSAPP_NUMBER: 1,
  CHECKOUT_URL: 1,
  REDO_LAST_ORDER_URL: 1,
};

const isUrlButton = (type: WhatsappTemplateButtonType) => (URL_BUTTON_TYPES as readonly string[]).includes(type);

/** Whether one more button of `type` is within Meta's limits: its own count, the URL buttons', and ten in all. */
export function canAddButton(buttons: readonly Pick<WhatsappTemplateButton, 'type'>[], type: WhatsappTemplateButtonType): boolean {
  if (buttons.length >= L.buttonsMax) return false;
  if (buttons.filter((button) => button.type === type).length >= BUTTON_TYPE_MAX[type]) return false;
  return !isUrlButton(type) || buttons.filter((button) => isUrlButton(button.type)).length < L.urlButtonsMax;
}

/** A phone button's fields the button type needs. */
const needsPhone = (type: WhatsappTemplateButtonType) => type === 'PHONE_NUMBER' || type === 'WHATSAPP_NUMBER';

const text = (max: number, required: string, tooLong: string, control: RegExp = CONTROL_CHARACTER) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => !control.test(value), E.controlCharacters);

export const whatsappTemplateNameSchema = z
  .string({ error: E.nameRequired })
  .min(1, E.nameRequired)
  .max(L.nameMaxLength, E.nameTooLong)
  .regex(/^[a-z0-9_]+$/, E.nameInvalid);

const variableSchema = z.strictObject({
  name: z
    .string()
    .min(1, E.variableUnknown)
    .max(40, E.variableUnknown)
    .regex(/^[a-z][a-z0-9_]*$/, E.variableUnknown),
  type: z.enum(WHATSAPP_TEMPLATE_VARIABLE_TYPES, { error: E.variableUnknown }),
  example: text(L.exampleMaxLength, E.exampleRequired, E.exampleTooLong).refine((value) => /\S/.test(value), E.exampleRequired),
});

const phonePart = (pattern: RegExp, message: string) => z.string().regex(pattern, message).nullable();

const buttonSchema = z.strictObject({
  type: z.enum(WHATSAPP_TEMPLATE_BUTTON_TYPES, { error: E.required }),
  text: text(L.buttonTextMaxLength, E.buttonTextRequired, E.buttonTextTooLong),
  url: z.string().max(L.urlMaxLength, E.urlTooLong).nullable(),
  urlExample: z.string().max(L.urlMaxLength, E.urlTooLong).nullable(),
  phoneCountryCode: phonePart(/^[1-9][0-9]{0,3}$/, E.countryCodeInvalid),
  phoneNumber: phonePart(/^[0-9]{4,15}$/, E.phoneInvalid),
});

const templateFields = z.strictObject({
  name: whatsappTemplateNameSchema,
  description: z
    .string()
    .max(L.descriptionMaxLength, E.descriptionTooLong)
    .refine((value) => !CONTROL_CHARACTER.test(value), E.controlCharacters)
    .optional(),
  category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES, { error: E.categoryRequired }),
  header: z.strictObject({
    format: z.enum(WHATSAPP_TEMPLATE_HEADER_FORMATS, { error: E.required }),
    text: z.string().max(L.headerTextMaxLength, E.headerTextTooLong).nullable(),
    mediaId: z.number().int().min(1, E.headerFileRequired).max(Number.MAX_SAFE_INTEGER).nullable(),
  }),
  body: text(L.bodyMaxLength, E.bodyRequired, E.bodyTooLong, CONTROL_CHARACTER_BUT_LINES),
  footer: text(L.footerMaxLength, E.required, E.footerTooLong).nullable(),
  variables: z.array(variableSchema).max(L.variablesMax, E.tooManyVariables),
  buttons: z.array(buttonSchema).max(L.buttonsMax, E.tooManyButtons),
});

type Issue = { path: (string | number)[]; message: WhatsappTemplateErrorKey };

/** The header's rules: what its format needs, and its one variable at most. */
function headerIssues(header: WhatsappTemplateInput['header']): Issue[] {
  const issues: Issue[] = [];
  if (header.format === 'TEXT') {
    if (header.text === null || header.text.trim() === '') issues.push({ path: ['header', 'text'], message: E.headerTextRequired });
    else if (CONTROL_CHARACTER.test(header.text)) issues.push({ path: ['header', 'text'], message: E.controlCharacters });
    else if (variablesIn(header.text).length > L.headerVariablesMax)
      issues.push({ path: ['header', 'text'], message: E.headerTooManyVariables });
  }
  if (header.format !== 'NONE' && header.format !== 'TEXT' && header.mediaId === null)
    issues.push({ path: ['header', 'mediaId'], message: E.headerFileRequired });
  return issues;
}

/** The body's variables against its length and Meta's placement rules, and every variable declared once as used. */
function variableIssues(input: WhatsappTemplateInput): Issue[] {
  const issues: Issue[] = [];
  const inBody = variablesIn(input.body);
  const inHeader = input.header.format === 'TEXT' ? variablesIn(input.header.text ?? '') : [];
  if (new Set(inBody).size !== inBody.length) issues.push({ path: ['body'], message: E.variableRepeated });
  else if (inBody.length > variablesAllowed(input.body)) issues.push({ path: ['body'], message: E.tooManyVariables });
  else if (variableAtEdge(input.body)) issues.push({ path: ['body'], message: E.variableAtEdge });
  else if (variablesTogether(input.body)) issues.push({ path: ['body'], message: E.variablesTogether });
  const declared = input.variables.map((variable) => variable.name);
  const used = new Set([...inBody, ...inHeader]);
  const unknown = [...used].find((name) => !declared.includes(name) || variableTypeOf(name) === null);
  if (unknown !== undefined)
    issues.push({
      path: [inBody.includes(unknown) ? 'body' : 'header', ...(inBody.includes(unknown) ? [] : ['text'])],
      message: E.variableUnknown,
    });
  input.variables.forEach((variable, index) => {
    const repeated = declared.indexOf(variable.name) !== index;
    if (!used.has(variable.name) || repeated) issues.push({ path: ['variables', index], message: E.variableUnused });
    else if (variableTypeOf(variable.name) !== variable.type)
      issues.push({ path: ['variables', index, 'type'], message: E.variableUnknown });
  });
  return issues;
}

/** Each button's fields for its type, and Meta's counts per type. */
function buttonIssues(buttons: WhatsappTemplateInput['buttons']): Issue[] {
  const issues: Issue[] = [];
  buttons.forEach((button, index) => {
    const at = (field: string, message: WhatsappTemplateErrorKey) => issues.push({ path: ['buttons', index, field], message });
    if (!canAddButton(buttons.slice(0, index), button.type)) at('type', E.buttonTypeLimit);
    if (button.type === 'URL') {
      const url = button.url ?? '';
      const base = url.endsWith(URL_SUFFIX_VARIABLE) ? url.slice(0, -URL_SUFFIX_VARIABLE.length) : url;
      if (url.trim() === '') at('url', E.urlRequired);
      else if (!TEMPLATE_URL_PATTERN.test(base) || /\{\{/.test(base)) at('url', E.urlInvalid);
      else if (url !== base && !button.urlExample?.trim()) at('urlExample', E.urlExampleRequired);
    }
    if (needsPhone(button.type)) {
      if (!button.phoneCountryCode) at('phoneCountryCode', E.countryCodeInvalid);
      if (!button.phoneNumber) at('phoneNumber', E.phoneInvalid);
    }
  });
  return issues;
}

/**
 * A rule between fields, judged as soon as the fields it reads are valid, whatever the others hold (zod
 * skips an object's refinements once any field fails): the form shows it on its step, and the server names
 * it beside every other problem of the body.
 */
function between<const K extends keyof WhatsappTemplateInput>(reads: readonly K[], check: (input: WhatsappTemplateInput) => Issue[]) {
  const fields = z.object(Object.fromEntries(reads.map((field) => [field, templateFields.shape[field]])));
  return z.superRefine<WhatsappTemplateInput>((input, context) => {
    if (!fields.safeParse(input).success) return;
    for (const issue of check(input)) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}

/** Mirrors `WhatsappTemplateInput`, with the rules between its fields the contract cannot say. */
export const whatsappTemplateInputSchema = templateFields.check(
  between(['header'], (input) => headerIssues(input.header)),
  between(['header', 'body', 'variables'], variableIssues),
  between(['buttons'], (input) => buttonIssues(input.buttons)),
) satisfies z.ZodType<WhatsappTemplateInput, WhatsappTemplateInput>;

/**
 * Until when Meta keeps an approved template from being edited, from the moments of its past edits: a day after
 * the last one, and 30 days after the tenth last when ten fall within 30 days; null when it can be edited now.
 */
export function approvedEditBlockedUntil(editedAt: readonly (Date | string)[], now: Date | number): Date | null {
  const day = 24 * 60 * 60 * 1000;
  const at = new Date(now).getTime();
  const times = editedAt.map((moment) => new Date(moment).getTime()).sort((a, b) => a - b);
  const inMonth = times.filter((time) => time > at - 30 * day);
  const last = times.at(-1);
  const waits = [
    last !== undefined && last > at - day ? last + day : null,
    inMonth.length >= L.editsPer30Days ? (inMonth[inMonth.length - L.editsPer30Days] ?? at) + 30 * day : null,
  ].filter((wait): wait is number => wait !== null);
  return waits.length === 0 ? null : new Date(Math.max(...waits));
}
