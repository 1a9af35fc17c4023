import { TEMPLATE_SUBCODES } from '../whatsapp/errors.ts';
import {
  type GraphMessageTemplate,
  type GraphTemplateComponent,
  PARAMETER_FORMATS,
  type ParameterFormat,
  type QualityRating,
  TEMPLATE_CATEGORIES,
  type TemplateCategory,
  type TemplateRejectedReason,
} from '../whatsapp/types.ts';
import type { TemplateStatusUpdate, WhatsAppChange } from '../whatsapp/webhooks.ts';
import { DAY_MS } from './clock.ts';
import { adsRefusal, invalidParameter, requiredParameter } from './errors.ts';
import type { Edge, NodeContext } from './nodes.ts';
import type { MetaSandboxStore, SandboxNode, SandboxTemplate, SandboxWhatsAppAccount } from './store.ts';

/*
 * Message templates as the WhatsApp Business Management API keeps them, with Meta's checks and refusals
 * (code 100 with a subcode, error_user_title and error_user_msg; `TEMPLATE_SUBCODES`):
 * - a name of lowercase letters, digits and underscores, at most 512, not used in that language, and not
 *   a name deleted less than 30 days ago;
 * - a header (text of at most 60 characters with at most one variable, or media by an upload handle of the
 *   Resumable Upload API, never a media id), a body of at most 1,024, a footer of at most 60 without
 *   variables; variables `{{1}}`, `{{2}}`… in order (POSITIONAL) or `{{lower_snake}}` (NAMED), never at the
 *   body's start or end, an example for each, and at least two words of text a variable (the sandbox's
 *   rule for Meta's "too many variables for the message length");
 * - at most 10 buttons, of which at most 2 URL (one variable, at the URL's end), 1 PHONE_NUMBER (a valid
 *   international number) and 1 COPY_CODE, quick replies together, labels of at most 25 characters.
 *
 * Meta reviews each template on its own clock: PENDING for `templateReviewMs`, then APPROVED, or REJECTED
 * when its body carries a marker: `#rechazar` (INVALID_FORMAT) or `#rechazar:<REASON>` (PROMOTIONAL,
 * INCORRECT_CATEGORY, ABUSIVE_CONTENT, SCAM, TAG_CONTENT_MISMATCH). A template rated RED is paused, 3 hours
 * the first time and 6 the second, and disabled the third. Only APPROVED, REJECTED and PAUSED templates can
 * be edited; an approved one once a day and 10 times in 30 days, its category fixed. Each change of status
 * or quality is queued for the WABA's webhooks (`store.whatsappChanges`), dated when it happened.
 */

export const MANAGE = ['whatsapp_business_management'];
const HOUR_MS = 3_600_000;
const NAME_BLOCKED_MS = 30 * DAY_MS;
const LANGUAGES = ['es', 'es_AR', 'es_ES', 'es_MX', 'en', 'en_US', 'en_GB', 'pt_BR'];
const REJECTION_REASONS: readonly TemplateRejectedReason[] = [
  'INVALID_FORMAT',
  'PROMOTIONAL',
  'INCORRECT_CATEGORY',
  'ABUSIVE_CONTENT',
  'SCAM',
  'TAG_CONTENT_MISMATCH',
];
const LIMITS = { name: 512, header: 60, body: 1024, footer: 60, buttonText: 25, buttons: 10, urlButtons: 2, copyCode: 15 };

const refusal = (subcode: number, title: string, message: string) => adsRefusal(subcode, title, message);

/* Validation. */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The variables of a text, in order of appearance, without their braces. */
const variablesOf = (text: string) => [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1]!);

function checkVariables(text: string, format: ParameterFormat, where: string): string[] {
  const names = variablesOf(text);
  const wrong =
    format === 'POSITIONAL'
      ? names.some((name, index) => !/^\d+$/.test(name) || (Number(name) !== index + 1 && !names.slice(0, index).includes(name)))
      : names.some((name) => !/^[a-z][a-z0-9_]*$/.test(name));
  if (wrong)
    throw refusal(
      TEMPLATE_SUBCODES.invalidVariables,
      'Invalid Variable Format',
      format === 'POSITIONAL'
        ? `The variables of the ${where} must be numbered in order, starting with {{1}}.`
        : `The variables of the ${where} must be named with lowercase letters, digits and underscores, like {{first_name}}.`,
    );
  return [...new Set(names)];
}

function checkLength(text: string, limit: number, where: string) {
  if ([...text].length > limit)
    throw refusal(
      TEMPLATE_SUBCODES.characterLimit,
      'Message Template Character Limit Exceeded',
      `The ${where} of your template has ${[...text].length} characters. It can have at most ${limit}.`,
    );
}

const missingExamples = (where: string) =>
  refusal(
    TEMPLATE_SUBCODES.missingExamples,
    'Message Template Sample Missing',
    `Add a sample for each variable of the ${where}, so that we can review what your customers will receive.`,
  );

/** That every variable has an example, positional (`*_text`) or named (`*_text_named_params`). */
function checkExamples(variables: string[], format: ParameterFormat, positional: unknown, named: unknown, where: string) {
  if (variables.length === 0) return;
  if (format === 'POSITIONAL') {
    if (!Array.isArray(positional) || positional.length < variables.length || positional.some((value) => !stringOf(value).trim()))
      throw missingExamples(where);
    return;
  }
  const given = new Map(
    (Array.isArray(named) ? named : []).filter(isObject).map((param) => [stringOf(param.param_name), stringOf(param.example)]),
  );
  if (variables.some((name) => !given.get(name)?.trim())) throw missingExamples(where);
}

function checkHeader(component: Record<string, unknown>, format: ParameterFormat, uploadHandles: ReadonlySet<string>) {
  const kind = stringOf(component.format);
  const example = isObject(component.example) ? component.example : {};
  const headerFormat = (message: string) => refusal(TEMPLATE_SUBCODES.headerFormat, 'Message Header Format Is Incorrect', message);
  if (kind === 'TEXT') {
    const text = stringOf(component.text);
    if (!text.trim()) throw headerFormat('A text header needs its text.');
    checkLength(text, LIMITS.header, 'header');
    const variables = checkVariables(text, format, 'header');
    if (variables.length > 1) throw headerFormat('A text header can have at most one variable.');
    checkExamples(variables, format, example.header_text, example.header_text_named_params, 'header');
    return;
  }
  if (kind === 'IMAGE' || kind === 'VIDEO' || kind === 'DOCUMENT') {
    const handles = Array.isArray(example.header_handle) ? example.header_handle.map(stringOf) : [];
    if (handles.length === 0) throw missingExamples('header');
    const handle = handles[0]!;
    if (!uploadHandles.has(handle))
      throw refusal(
        TEMPLATE_SUBCODES.invalidHeaderHandle,
        'Invalid Media Sample',
        /^\d+$/.test(handle)
          ? 'A media id is not a sample: upload the header sample with the Resumable Upload API and send its handle.'
          : 'The header sample handle is not valid: upload the file with the Resumable Upload API and send the handle it returns.',
      );
    return;
  }
  if (kind === 'LOCATION') return;
  throw headerFormat('The header format must be TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION.');
}

function checkBody(component: Record<string, unknown>, format: ParameterFormat) {
  const text = stringOf(component.text);
  if (!text.trim()) throw requiredParameter('components[BODY].text');
  checkLength(text, LIMITS.body, 'body');
  const variables = checkVariables(text, format, 'body');
  if (variables.length === 0) return;
  const trimmed = text.trim();
  if (/^\{\{[^{}]*\}\}/.test(trimmed) || /\{\{[^{}]*\}\}$/.test(trimmed))
    throw refusal(
      TEMPLATE_SUBCODES.variablesAtEdges,
      "Variables Can't Be at the Start or End of the Template",
      "Variables can't be at the start or end of the template. Add text before the first variable and after the last one.",
    );
  const words = text.replace(/\{\{[^{}]*\}\}/g, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  if (words < 2 * variablesOf(text).length)
    throw refusal(
      TEMPLATE_SUBCODES.tooManyVariables,
      'Too Many Variables for Message Length',
      'This template contains too many variable parameters relative to the message length. You need to decrease the number of variable parameters or increase the message length.',
    );
  const example = isObject(component.example) ? component.example : {};
  const positional = Array.isArray(example.body_text) ? example.body_text[0] : undefined;
  checkExamples(variables, format, positional, example.body_text_named_params, 'body');
}

const buttonsRefusal = (message: string) => refusal(TEMPLATE_SUBCODES.invalidButtons, 'Invalid Buttons', message);

function checkButtons(component: Record<string, unknown>) {
  const buttons = Array.isArray(component.buttons) ? component.buttons.filter(isObject) : [];
  if (buttons.length === 0) throw buttonsRefusal('A BUTTONS component needs at least one button.');
  if (buttons.length > LIMITS.buttons) throw buttonsRefusal(`A template can have at most ${LIMITS.buttons} buttons.`);
  const count = (type: string) => buttons.filter((button) => button.type === type).length;
  if (count('URL') > LIMITS.urlButtons) throw buttonsRefusal(`A template can have at most ${LIMITS.urlButtons} URL buttons.`);
  if (count('PHONE_NUMBER') > 1) throw buttonsRefusal('A template can have at most 1 phone number button.');
  if (count('COPY_CODE') > 1) throw buttonsRefusal('A template can have at most 1 copy code button.');
  const quickReplies = buttons.flatMap((button, index) => (button.type === 'QUICK_REPLY' ? [index] : []));
  if (quickReplies.length > 0 && quickReplies[quickReplies.length - 1]! - quickReplies[0]! !== quickReplies.length - 1)
    throw buttonsRefusal('Quick reply buttons must be grouped together, before or after the other buttons.');
  for (const button of buttons) {
    const type = stringOf(button.type);
    if (!['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'].includes(type))
      throw buttonsRefusal('The button type must be QUICK_REPLY, URL, PHONE_NUMBER or COPY_CODE.');
    if (type === 'COPY_CODE') {
      const code = stringOf(button.example);
      if (!code.trim()) throw missingExamples('copy code button');
      if (code.length > LIMITS.copyCode) checkLength(code, LIMITS.copyCode, 'copy code example');
      continue;
    }
    const text = stringOf(button.text);
    if (!text.trim()) throw buttonsRefusal('Every button needs its text.');
    checkLength(text, LIMITS.buttonText, 'button text');
    if (variablesOf(text).length > 0) throw buttonsRefusal("A button's text can't have variables.");
    if (type === 'PHONE_NUMBER' && !/^\+?[1-9]\d{7,14}$/.test(stringOf(button.phone_number).replace(/[\s()-]/g, '')))
      throw refusal(
        TEMPLATE_SUBCODES.invalidPhoneNumber,
        'Invalid Phone Number',
        'The phone number of the button is not valid. Enter it with its country code, like +56 9 1234 5678.',
      );
    if (type === 'URL') checkUrl(button);
  }
}

function checkUrl(button: Record<string, unknown>) {
  const url = stringOf(button.url);
  const invalid = (message: string) => refusal(TEMPLATE_SUBCODES.invalidUrl, 'Invalid URL', message);
  let parsed: URL | null = null;
  try {
    parsed = new URL(url.replace(/\{\{[^{}]*\}\}/g, 'x'));
  } catch {
    parsed = null;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) throw invalid('The URL of the button must be a web address (http or https).');
  const variables = variablesOf(url);
  if (variables.length > 1) throw invalid('The URL of a button can have at most one variable.');
  if (variables.length === 1) {
    if (!/\{\{[^{}]*\}\}$/.test(url)) throw invalid('The variable of a URL must be at its end.');
    if (!Array.isArray(button.example) || !stringOf(button.example[0]).trim()) throw missingExamples('URL button');
  }
}

/** Checks the components as Meta does, and answers them as they will be listed. */
function checkComponents(raw: unknown, format: ParameterFormat, uploadHandles: ReadonlySet<string>): GraphTemplateComponent[] {
  if (!Array.isArray(raw) || raw.length === 0) throw requiredParameter('components');
  const components = raw.filter(isObject);
  const ofType = (type: string) => components.filter((component) => stringOf(component.type).toUpperCase() === type);
  for (const component of components)
    if (!['HEADER', 'BODY', 'FOOTER', 'BUTTONS'].includes(stringOf(component.type).toUpperCase()))
      throw invalidParameter('Param components[].type must be one of {HEADER, BODY, FOOTER, BUTTONS}');
  if (ofType('BODY').length !== 1) throw invalidParameter('A template needs exactly one BODY component');
  if (ofType('HEADER').length > 1 || ofType('FOOTER').length > 1 || ofType('BUTTONS').length > 1)
    throw invalidParameter('A template can have at most one HEADER, one FOOTER and one BUTTONS component');
  const header = ofType('HEADER')[0];
  if (header) checkHeader(header, format, uploadHandles);
  checkBody(ofType('BODY')[0]!, format);
  const footer = ofType('FOOTER')[0];
  if (footer) {
    checkLength(stringOf(footer.text), LIMITS.footer, 'footer');
    if (variablesOf(stringOf(footer.text)).length > 0) throw invalidParameter("A template's footer can't have variables");
  }
  const buttons = ofType('BUTTONS')[0];
  if (buttons) checkButtons(buttons);
  return components.map((component) => ({ ...component, type: stringOf(component.type).toUpperCase() }) as GraphTemplateComponent);
}

/* The lifecycle. */

const seconds = (ms: number) => Math.floor(ms / 1000);

function queue(store: MetaSandboxStore, template: SandboxTemplate, at: number, change: WhatsAppChange) {
  store.whatsappChanges.push({ wabaId: template.wabaId, at, change });
}

function statusChange(
  store: MetaSandboxStore,
  template: SandboxTemplate,
  at: number,
  event: TemplateStatusUpdate['event'],
  extra: Partial<TemplateStatusUpdate> = {},
) {
  queue(store, template, at, {
    field: 'message_template_status_update',
    value: {
      event,
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      reason: event === 'REJECTED' ? template.rejectedReason : 'NONE',
      message_template_category: template.category,
      ...extra,
    },
  });
}

/** The review's verdict: a marker in the body rejects, anything else is approved. */
function verdict(template: SandboxTemplate): TemplateRejectedReason {
  const body = template.components.find((component) => component.type === 'BODY');
  const match = /#rechazar(?::([A-Z_]+))?/i.exec(body && 'text' in body ? body.text : '');
  if (!match) return 'NONE';
  const asked = (match[1] ?? 'INVALID_FORMAT').toUpperCase() as TemplateRejectedReason;
  return REJECTION_REASONS.includes(asked) ? asked : 'INVALID_FORMAT';
}

/** Moves every template on to `now`: reviews that ended, pauses that are over. */
export function settleTemplates(store: MetaSandboxStore, now: number) {
  for (const node of store.nodes.values()) {
    if (node.type !== 'MessageTemplate') continue;
    const template = node.value;
    if (template.status === 'PENDING' && now >= template.reviewEndsAt) {
      template.rejectedReason = verdict(template);
      template.status = template.rejectedReason === 'NONE' ? 'APPROVED' : 'REJECTED';
      statusChange(
        store,
        template,
        template.reviewEndsAt,
        template.status,
        template.rejectedReason === 'INVALID_FORMAT'
          ? {
              rejection_info: {
                reason: 'The message template has a formatting issue.',
                recommendation: 'Check the variables, their samples and the spelling of the template, then submit it again.',
              },
            }
          : {},
      );
    }
    if (template.status === 'PAUSED' && now >= template.pausedUntil) {
      template.status = 'APPROVED';
      statusChange(store, template, template.pausedUntil, 'REINSTATED');
    }
  }
  store.whatsappChanges.sort((a, b) => a.at - b.at);
}

/** A new quality rating: queued for the webhooks; RED pauses an approved template (3 h, then 6 h) and disables it the third time. */
export function rateTemplate(store: MetaSandboxStore, template: SandboxTemplate, quality: QualityRating, now: number) {
  settleTemplates(store, now);
  const previous = template.quality;
  template.quality = quality;
  template.qualityTime = now;
  if (previous !== quality)
    queue(store, template, now, {
      field: 'message_template_quality_update',
      value: {
        previous_quality_score: previous,
        new_quality_score: quality,
        message_template_id: Number(template.id),
        message_template_name: template.name,
        message_template_language: template.language,
      },
    });
  if (quality !== 'RED' || template.status !== 'APPROVED') return;
  template.pauses += 1;
  if (template.pauses >= 3) {
    template.status = 'DISABLED';
    statusChange(store, template, now, 'DISABLED', { disable_info: { disable_date: String(seconds(now)) } });
    return;
  }
  const hours = template.pauses === 1 ? 3 : 6;
  template.status = 'PAUSED';
  template.pausedUntil = now + hours * HOUR_MS;
  statusChange(store, template, now, 'PAUSED', {
    other_info: {
      title: template.pauses === 1 ? 'FIRST_PAUSE' : 'SECOND_PAUSE',
      description: `Your WhatsApp message template has been paused for ${hours} hours until ${new Date(template.pausedUntil).toUTCString()} due to low quality.`,
    },
  });
}

/* Graph's surface: the WABA's `message_templates` edge and the template node. */

function createTemplate(account: SandboxWhatsAppAccount, context: NodeContext): Record<string, unknown> {
  const { params, store, now } = context;
  const name = params.requiredText('name');
  if (!/^[a-z0-9_]+$/.test(name) || name.length > LIMITS.name)
    throw refusal(
      TEMPLATE_SUBCODES.invalidName,
      'Invalid Template Name',
      `The template name can only have lowercase letters, digits and underscores, and at most ${LIMITS.name} characters.`,
    );
  const language = params.requiredOneOf('language', LANGUAGES);
  const category = params.requiredOneOf<TemplateCategory>('category', TEMPLATE_CATEGORIES);
  const format = params.oneOf<ParameterFormat>('parameter_format', PARAMETER_FORMATS) ?? 'POSITIONAL';
  const components = checkComponents(context.params.json('components'), format, store.uploadHandles);
  const deletedAt = account.deletedNames.get(name);
  if (deletedAt !== undefined && now - deletedAt < NAME_BLOCKED_MS)
    throw refusal(
      TEMPLATE_SUBCODES.nameBeingDeleted,
      'Message Template Language Is Being Deleted',
      `New ${language} content can't be added while the existing ${language} content is being deleted. Try again in 4 weeks or create a template with a new name.`,
    );
  if (templatesOf(account, store).some((template) => template.name === name && template.language === language))
    throw refusal(
      TEMPLATE_SUBCODES.nameTaken,
      'Content in This Language Already Exists',
      `There is already ${language} content for this template. You can create a new template and try again.`,
    );
  const template = store.addTemplate(account, (id) => ({
    id,
    wabaId: account.id,
    businessId: account.businessId,
    name,
    language,
    category,
    parameterFormat: format,
    components,
    status: 'PENDING',
    createdTime: now,
    reviewEndsAt: now + store.templateReviewMs,
    rejectedReason: 'NONE',
    quality: 'UNKNOWN',
    qualityTime: now,
    pauses: 0,
    pausedUntil: 0,
    approvedEdits: [],
  }));
  return { id: template.id, status: template.status, category: template.category };
}

export function editTemplate(template: SandboxTemplate, context: NodeContext): Record<string, unknown> {
  const { params, store, now } = context;
  if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(template.status))
    throw refusal(
      TEMPLATE_SUBCODES.notEditable,
      "Message Template Can't Be Edited",
      `Only approved, rejected or paused templates can be edited. This one is ${template.status.toLowerCase()}.`,
    );
  const category = params.oneOf<TemplateCategory>('category', TEMPLATE_CATEGORIES);
  const approved = template.status === 'APPROVED';
  if (approved && category && category !== template.category)
    throw refusal(TEMPLATE_SUBCODES.categoryLocked, "Category Can't Be Changed", "An approved template's category can't be changed.");
  if (approved) {
    const lastDay = template.approvedEdits.filter((at) => now - at < DAY_MS).length;
    const lastMonth = template.approvedEdits.filter((at) => now - at < 30 * DAY_MS).length;
    if (lastDay >= 1 || lastMonth >= 10)
      throw refusal(
        TEMPLATE_SUBCODES.editLimit,
        'Message Template Edit Limit Reached',
        lastDay >= 1
          ? 'An approved template can be edited once every 24 hours. Try again later.'
          : 'An approved template can be edited 10 times in 30 days. Try again later.',
      );
  }
  const format = params.oneOf<ParameterFormat>('parameter_format', PARAMETER_FORMATS) ?? template.parameterFormat;
  const components = params.has('components')
    ? checkComponents(context.params.json('components'), format, store.uploadHandles)
    : template.components;
  if (!params.has('components') && !category) throw requiredParameter('components');
  if (approved) template.approvedEdits.push(now);
  template.components = components;
  template.parameterFormat = format;
  template.category = category ?? template.category;
  template.status = 'PENDING';
  template.rejectedReason = 'NONE';
  template.reviewEndsAt = now + store.templateReviewMs;
  return { success: true };
}

const templatesOf = (account: SandboxWhatsAppAccount, store: MetaSandboxStore) =>
  account.templates.flatMap((id) => {
    const template = store.template(id);
    return template ? [template] : [];
  });

function deleteTemplates(account: SandboxWhatsAppAccount, context: NodeContext): Record<string, unknown> {
  const { params, store, now } = context;
  const name = params.requiredText('name');
  const id = params.text('hsm_id');
  const doomed = templatesOf(account, store).filter((template) => template.name === name && (!id || template.id === id));
  if (doomed.length === 0)
    throw refusal(
      TEMPLATE_SUBCODES.templateNotFound,
      'Message Template Not Found',
      `There is no template named ${name}${id ? ` with id ${id}` : ''}.`,
    );
  for (const template of doomed) {
    store.forget(template.id);
    account.templates = account.templates.filter((kept) => kept !== template.id);
  }
  if (!templatesOf(account, store).some((template) => template.name === name)) account.deletedNames.set(name, now);
  return { success: true };
}

/** The WABA's templates, newest first, filtered as `name` (part of the name), `status`, `category` and `language` ask. */
function listTemplates(account: SandboxWhatsAppAccount, context: NodeContext): SandboxNode[] {
  const { params } = context;
  const name = params.text('name')?.toLowerCase();
  const status = params.text('status')?.toUpperCase();
  const category = params.text('category')?.toUpperCase();
  const language = params.text('language');
  return templatesOf(account, context.store)
    .filter(
      (template) =>
        (!name || template.name.includes(name)) &&
        (!status || status.split(',').includes(template.status)) &&
        (!category || category.split(',').includes(template.category)) &&
        (!language || template.language === language),
    )
    .reverse()
    .map((value) => ({ type: 'MessageTemplate', value }) as const);
}

export const templatesEdge: Edge<SandboxWhatsAppAccount> = {
  permissions: MANAGE,
  list: listTemplates,
  create: createTemplate,
  remove: deleteTemplates,
};

type TemplateFields = { [K in keyof Required<GraphMessageTemplate>]: (value: SandboxTemplate, context: NodeContext) => unknown };

export const templateFields: TemplateFields = {
  id: (template) => template.id,
  name: (template) => template.name,
  language: (template) => template.language,
  status: (template) => template.status,
  category: (template) => template.category,
  parameter_format: (template) => template.parameterFormat,
  components: (template) => template.components,
  quality_score: (template) => ({ score: template.quality, date: seconds(template.qualityTime) }),
  rejected_reason: (template) => template.rejectedReason,
};
