import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';
import type { components } from '../../../../shared/api/app.gen';
import { formatClp } from '../../../../shared/format';
import {
  delayMinutes,
  templateIssues,
  WHATSAPP_CAMPAIGN_ERRORS,
  WHATSAPP_CAMPAIGN_LIMITS,
  type WhatsappCampaignDelayUnit,
  type WhatsappCampaignEvent,
  type WhatsappCampaignInput,
  type WhatsappCampaignKind,
  whatsappCampaignInputSchema,
  whatsappCampaignVariablesNeeded,
} from '../../../../shared/whatsapp-campaigns';
import type { WizardStep } from '../../../lib/use-wizard';
import type { TemplatePreviewContent } from '../screens/template-preview';
import { type HeaderFile, isMediaHeader } from './template-form';

dayjs.extend(utc);
dayjs.extend(timezone);

type WhatsappTemplate = components['schemas']['WhatsappTemplate'];
type WhatsappTemplateMedia = components['schemas']['WhatsappTemplateMedia'];
type WhatsappCampaignSample = components['schemas']['WhatsappCampaignSample'];

const E = WHATSAPP_CAMPAIGN_ERRORS;

/** What the merchant fills in, as the inputs hold it: numbers as text, each optional part behind its switch. */
export interface WhatsappCampaignFormValues {
  name: string;
  kind: WhatsappCampaignKind | null;
  segmentId: string | null;
  sendDate: string;
  sendTime: string;
  event: WhatsappCampaignEvent | null;
  hasDelay: boolean;
  delayAmount: string;
  delayUnit: WhatsappCampaignDelayUnit;
  hasWindow: boolean;
  windowStart: string;
  windowEnd: string;
  templateId: string | null;
  /** The text of each variable the campaign writes, by the variable's name. */
  variables: Record<string, string>;
  /** The header's file: the template's own until another is uploaded. */
  headerFile: HeaderFile | null;
}
export type WhatsappCampaignFormField = keyof WhatsappCampaignFormValues;

/** The two steps of SPEC §2, general data then message, with the fields each step's "Siguiente" checks. */
export const WHATSAPP_CAMPAIGN_STEPS = [
  {
    id: 'general',
    fields: [
      'name',
      'kind',
      'segmentId',
      'sendDate',
      'sendTime',
      'event',
      'hasDelay',
      'delayAmount',
      'delayUnit',
      'hasWindow',
      'windowStart',
      'windowEnd',
    ],
  },
  { id: 'message', fields: ['templateId', 'variables', 'headerFile'] },
] as const satisfies readonly WizardStep<string, WhatsappCampaignFormField>[];
export type WhatsappCampaignStep = (typeof WHATSAPP_CAMPAIGN_STEPS)[number]['id'];

export const EMPTY_WHATSAPP_CAMPAIGN_FORM: WhatsappCampaignFormValues = {
  name: '',
  kind: null,
  segmentId: null,
  sendDate: '',
  sendTime: '',
  event: null,
  hasDelay: false,
  delayAmount: '',
  delayUnit: 'hours',
  hasWindow: false,
  windowStart: '',
  windowEnd: '',
  templateId: null,
  variables: {},
  headerFile: null,
};

/** What the rules need beyond the fields: the moment, the store's clock and the templates' content. */
export interface WhatsappCampaignFormContext {
  /** Milliseconds since the epoch. */
  now: number;
  /** The store's time zone (IANA), in which the day and the hour are read. */
  timeZone: string;
  /** The templates offered, with their content (empty while they load: the server then judges the template alone). */
  templates: readonly WhatsappTemplate[];
}

/** What the campaign's reach depends on: the container asks for it (`getWhatsappCampaignAudience`) as they change. */
export interface CampaignChoices {
  templateId: number | null;
  segmentId: number | null;
  event: WhatsappCampaignEvent | null;
}

/** The chosen template among those offered; null while none is chosen or it is not among them. */
export const chosenTemplate = (values: Pick<WhatsappCampaignFormValues, 'templateId'>, templates: readonly WhatsappTemplate[]) =>
  templates.find((template) => String(template.id) === values.templateId) ?? null;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
const whole = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** A day and an hour on the store's clock, as an instant (milliseconds); null until both name one. */
export function sendInstantOf(date: string, time: string, timeZone: string): number | null {
  if (!DATE.test(date) || !TIME.test(time)) return null;
  const zoned = dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', timeZone);
  return zoned.isValid() ? zoned.valueOf() : null;
}

/** The header's file a template comes with, as the form holds it (already uploaded: it is the template's). */
export function headerFileOf(media: WhatsappTemplateMedia | null): HeaderFile | null {
  return media ? { name: media.name, size: media.bytes, url: media.url, upload: { state: 'uploaded', mediaId: media.id } } : null;
}

/** The variables the campaign writes a text for, with why, for the template, kind and event chosen. */
export function variablesNeeded(values: Pick<WhatsappCampaignFormValues, 'kind' | 'event'>, template: WhatsappTemplate | null) {
  if (!template) return [];
  return whatsappCampaignVariablesNeeded(template.variables, values.kind ?? 'unique', values.kind === 'automated' ? values.event : null);
}

/** The body the fields make; fields not yet valid become what the contract refuses, so the schema names them. */
export function bodyOf(values: WhatsappCampaignFormValues, template: WhatsappTemplate | null): WhatsappCampaignInput {
  const unique = values.kind === 'unique';
  const automated = values.kind === 'automated';
  const upload = values.headerFile?.upload;
  const withSegment = unique || (automated && values.event === 'segmentEntry');
  return {
    name: values.name.trim() === '' ? values.name : values.name.trim(),
    kind: (values.kind ?? '') as WhatsappCampaignKind,
    templateId: values.templateId === null ? Number.NaN : Number(values.templateId),
    segmentId: withSegment && values.segmentId !== null ? Number(values.segmentId) : null,
    sendDate: unique ? values.sendDate || null : null,
    sendTime: unique ? values.sendTime || null : null,
    event: automated ? values.event : null,
    delay: automated && values.hasDelay ? { amount: whole(values.delayAmount) ?? Number.NaN, unit: values.delayUnit } : null,
    window: automated && values.hasWindow ? { start: values.windowStart, end: values.windowEnd } : null,
    variables: variablesNeeded(values, template).map(({ name }) => ({ name, text: values.variables[name] ?? '' })),
    headerMediaId: template && isMediaHeader(template.header.format) && upload?.state === 'uploaded' ? upload.mediaId : null,
  };
}

const RENAMED: Partial<Record<string, string>> = {
  delay: 'delayAmount',
  'delay.amount': 'delayAmount',
  'delay.unit': 'delayUnit',
  window: 'windowStart',
  'window.start': 'windowStart',
  'window.end': 'windowEnd',
  headerMediaId: 'headerFile',
};

/**
 * The form's path for a path of the body (the shared rules' issues, the server's field errors): the delay's and
 * the window's parts are fields of their own, a variable is named by its name (`variables.codigo`), whether the
 * path gives its name or its place in the body's list (`variables.1.text`).
 */
export function formPathOf(path: string, body?: Pick<WhatsappCampaignInput, 'variables'>): string {
  const renamed = RENAMED[path];
  if (renamed) return renamed;
  const [head, second] = path.split('.');
  if (head === 'variables' && second !== undefined && /^\d+$/.test(second))
    return `variables.${body?.variables[Number(second)]?.name ?? second}`;
  if (head === 'variables' && second !== undefined) return `variables.${second}`;
  return path;
}

/** The top field of the form a path belongs to (where the wizard takes a refusal); null for one it does not know. */
export function formFieldOf(path: string): WhatsappCampaignFormField | null {
  const head = formPathOf(path).split('.')[0] ?? '';
  return head in EMPTY_WHATSAPP_CAMPAIGN_FORM ? (head as WhatsappCampaignFormField) : null;
}

/**
 * The form's rules: what the inputs hold that the body cannot say (a day or an hour not typed yet, a send time
 * already past on the store's clock, a delay that is no number, a file still uploading), then SPEC §5's shared
 * rules on the body, and those that need the chosen template (`templateIssues`); one problem per field.
 */
export function whatsappCampaignFormSchema(context: WhatsappCampaignFormContext) {
  return z
    .custom<WhatsappCampaignFormValues>()
    .superRefine((values, issues) => {
      const added = new Set<string>();
      const add = (path: string, message: string) => {
        if (added.has(path)) return;
        added.add(path);
        issues.addIssue({ code: 'custom', path: path.split('.'), message });
      };
      // What each kind needs is said here too: the shared schema says it only once every field has its type.
      if (values.kind === null) add('kind', E.required);
      if (values.kind === 'unique') {
        if (values.segmentId === null) add('segmentId', E.segmentRequired);
        if (!DATE.test(values.sendDate)) add('sendDate', E.dateRequired);
        if (!TIME.test(values.sendTime)) add('sendTime', E.timeRequired);
        const at = sendInstantOf(values.sendDate, values.sendTime, context.timeZone);
        // Not before the minute the merchant can choose; the server adds its grace for the time spent saving.
        if (at !== null && at < Math.floor(context.now / 60_000) * 60_000) add('sendTime', E.sendInPast);
      }
      if (values.kind === 'automated') {
        if (values.event === null) add('event', E.eventRequired);
        if (values.event === 'segmentEntry' && values.segmentId === null) add('segmentId', E.segmentRequired);
        const amount = whole(values.delayAmount);
        if (values.hasDelay && (amount === null || amount < 1)) add('delayAmount', E.delayInvalid);
        else if (
          values.hasDelay &&
          delayMinutes({ amount: amount ?? 0, unit: values.delayUnit }) > WHATSAPP_CAMPAIGN_LIMITS.delayMaxMinutes
        )
          add('delayAmount', E.delayTooLong);
        if (values.hasWindow && !TIME.test(values.windowStart)) add('windowStart', E.windowInvalid);
        if (values.hasWindow && !TIME.test(values.windowEnd)) add('windowEnd', E.windowInvalid);
        else if (values.hasWindow && TIME.test(values.windowStart) && values.windowStart >= values.windowEnd)
          add('windowEnd', E.windowInvalid);
      }
      const upload = values.headerFile?.upload;
      if (upload?.state === 'uploading') add('headerFile', 'errors.fileUploading');
      if (upload?.state === 'failed') add('headerFile', 'errors.fileRefused');

      const template = chosenTemplate(values, context.templates);
      const body = bodyOf(values, template);
      const result = whatsappCampaignInputSchema.safeParse(body);
      if (!result.success) for (const issue of result.error.issues) add(formPathOf(issue.path.map(String).join('.'), body), issue.message);
      if (template)
        for (const issue of templateIssues(body, { ...template, headerFormat: template.header.format }))
          add(formPathOf(issue.path.join('.'), body), issue.message);
    })
    .transform((values) => whatsappCampaignInputSchema.parse(bodyOf(values, chosenTemplate(values, context.templates))));
}

/** A variable's value for the customer of the preview; null when the customer's data does not say it. */
function sampleValue(type: WhatsappTemplate['variables'][number]['type'], sample: WhatsappCampaignSample | null): string | null {
  if (!sample) return null;
  switch (type) {
    case 'CLIENT_FIRST_NAME':
      return sample.firstName;
    case 'CLIENT_LAST_NAME':
      return sample.lastName;
    case 'CLIENT_EMAIL':
      return sample.email;
    case 'PRODUCT_NAME':
      return sample.productName;
    case 'PRODUCT_PRICE':
      return sample.productPrice === null ? null : formatClp(sample.productPrice);
    case 'PRODUCT_QUANTITY':
      return sample.productQuantity === null ? null : String(sample.productQuantity);
    default:
      return null;
  }
}

/**
 * The message a customer would get: the texts the campaign writes, the real customer's values for the rest
 * (the template's examples where the customer's data is missing), and the header's file the campaign sends.
 */
export function campaignPreviewOf(
  template: WhatsappTemplate,
  values: WhatsappCampaignFormValues,
  sample: WhatsappCampaignSample | null,
): TemplatePreviewContent {
  const written = new Set(variablesNeeded(values, template).map(({ name }) => name));
  return {
    header: {
      format: template.header.format,
      text: template.header.text,
      fileName: values.headerFile?.name,
      url: values.headerFile?.upload.state === 'uploaded' ? values.headerFile.url : undefined,
    },
    body: template.body,
    footer: template.footer,
    // An empty text leaves the variable written `{{name}}`: the bubble shows what is still missing.
    variables: template.variables.map((variable) => ({
      ...variable,
      example: written.has(variable.name)
        ? (values.variables[variable.name] ?? '')
        : (sampleValue(variable.type, sample) ?? variable.example),
    })),
    buttons: template.buttons,
  };
}

/**
 * When the messages the messaging limit holds back start leaving: a day after the campaign's first ones, since
 * the limit counts the customers of the last 24 hours; and how many days the rest takes at the limit's pace.
 */
export function deferredSchedule(sendAt: number, perDay: number | null, deferred: number): { from: string; days: number } | null {
  if (deferred <= 0 || perDay === null || perDay <= 0) return null;
  return { from: new Date(sendAt + 24 * 60 * 60 * 1000).toISOString(), days: Math.ceil(deferred / perDay) };
}
