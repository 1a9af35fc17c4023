import { createHash } from 'node:crypto';
import type { GraphCaller } from '../ads-client.ts';
import { MetaFileMismatchError, MetaUnavailableError } from '../errors.ts';
import { createWhatsAppMessageCalls, type WhatsAppMessageCalls } from './messages.ts';
import {
  type GraphMessageTemplate,
  type GraphSubscribedApp,
  type GraphWhatsAppBusinessAccount,
  type GraphWhatsAppPhoneNumber,
  MESSAGING_LIMIT_TIERS,
  type MessageTemplate,
  type MessageTemplateChanges,
  type MessagingLimitTier,
  type NewMessageTemplate,
  type QualityRating,
  type TemplateCategory,
  type TemplateStatus,
  type WhatsAppBusinessAccount,
  type WhatsAppPhoneNumber,
  type WhatsAppSubscribedApp,
} from './types.ts';

/*
 * The WhatsApp Business Management API calls, over the person's connection of meta/client.ts (token,
 * appsecret_proof, retries, throttling, Meta's errors, lists followed by their cursor): no maintained
 * official Node SDK can be pointed at the sandbox, so the client is this thin typed layer. Needs
 * whatsapp_business_management (and business_management to list a business's accounts); sending messages
 * (messages.ts) needs whatsapp_business_messaging.
 */

export interface WhatsAppCalls extends WhatsAppMessageCalls {
  /** The business's owned and client WhatsApp Business Accounts, each once (owned first). */
  businessAccounts(businessId: string): Promise<WhatsAppBusinessAccount[]>;
  /** The WABA's business phone numbers, with their quality and the portfolio's messaging limit. */
  phoneNumbers(wabaId: string): Promise<WhatsAppPhoneNumber[]>;
  phoneNumber(phoneNumberId: string): Promise<WhatsAppPhoneNumber>;
  /** The business portfolio's messaging limit (shared by all its numbers); null when Meta did not say. */
  messagingLimit(businessId: string): Promise<MessagingLimitTier | null>;
  /** The apps subscribed to the WABA's webhooks. */
  subscribedApps(wabaId: string): Promise<WhatsAppSubscribedApp[]>;
  /** Subscribes the calling app to the WABA's webhooks (repeating it changes nothing). */
  subscribeApp(wabaId: string): Promise<void>;
  unsubscribeApp(wabaId: string): Promise<void>;

  /** Submits a template for Meta's review: its id, PENDING, and the category Meta gave it. */
  createTemplate(wabaId: string, input: NewMessageTemplate): Promise<{ id: string; status: TemplateStatus; category: TemplateCategory }>;
  /** Every template of the WABA (newest first), or those whose name contains `name`. */
  templates(wabaId: string, filter?: { name?: string }): Promise<MessageTemplate[]>;
  /** One page of them, and the cursor of the next one (null on the last). */
  templatesPage(
    wabaId: string,
    page: { name?: string; limit?: number; after?: string },
  ): Promise<{ templates: MessageTemplate[]; after: string | null }>;
  template(templateId: string): Promise<MessageTemplate>;
  /** Edits an APPROVED (once a day, 10 times in 30 days, category fixed), REJECTED or PAUSED template: reviewed again. */
  editTemplate(templateId: string, changes: MessageTemplateChanges): Promise<void>;
  /** Deletes the template of that name in every language, or only the one with that id; the name is blocked for 30 days. */
  deleteTemplate(wabaId: string, template: { name: string; id?: string }): Promise<void>;

  /**
   * A media header's sample through the Resumable Upload API (a session of the app, then the file), resumed
   * from where Meta says it got when the upload breaks: the handle a template's `header_handle` takes.
   */
  uploadHeaderSample(appId: string, file: WhatsAppFile): Promise<string>;
  /** A file for messages sent from the number (`POST /{phone-number-id}/media`): its media id. */
  uploadMedia(phoneNumberId: string, file: WhatsAppFile): Promise<string>;
  /**
   * A media's address and what it is (`GET /{media-id}`, only if it is the number's when `phoneNumberId` is given):
   * the address serves the file for 5 minutes. MetaNotFoundError once Meta no longer has it (30 days, or deleted).
   */
  media(mediaId: string, options?: { phoneNumberId?: string }): Promise<WhatsAppMedia>;
  /**
   * The file at the media's address, checked against its sha256 and size (MetaFileMismatchError when they differ).
   * MetaUrlExpiredError once the address's minutes are over: `media` gives a new one.
   */
  downloadMedia(media: WhatsAppMedia): Promise<WhatsAppFileData>;
  /** Deletes the media from Meta (`DELETE /{media-id}`). */
  deleteMedia(mediaId: string): Promise<void>;
}

/** A media as Graph describes it (`GET /{media-id}`). */
export interface WhatsAppMedia {
  id: string;
  /** Where the file is, for 5 minutes, with the token. */
  url: string;
  mimeType: string;
  /** The file's SHA-256, as Meta wrote it (hex, or base64 as its webhooks carry it). */
  sha256: string;
  /** Its size in bytes. */
  fileSize: number;
}

/** A downloaded media's bytes, and its type as Meta described it. */
export interface WhatsAppFileData {
  mimeType: string;
  bytes: Buffer;
}

/** A file to upload: its name, its media type (`image/jpeg`…) and its bytes. */
export interface WhatsAppFile {
  filename: string;
  type: string;
  data: Blob;
}

/** Broken uploads resumed at the most, each from the offset Meta reports. */
const UPLOAD_RESUMES = 2;

const WABA_FIELDS = 'id,name,currency,timezone_id,business_verification_status,account_review_status,message_template_namespace';
const PHONE_FIELDS =
  'id,display_phone_number,verified_name,quality_rating,code_verification_status,name_status,throughput,whatsapp_business_manager_messaging_limit';

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

const QUALITY: readonly QualityRating[] = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'];
const qualityOf = (value: unknown): QualityRating => (QUALITY.includes(value as QualityRating) ? (value as QualityRating) : 'UNKNOWN');

const limitOf = (value: unknown): MessagingLimitTier | null =>
  MESSAGING_LIMIT_TIERS.includes(value as MessagingLimitTier) ? (value as MessagingLimitTier) : null;

const accountOf =
  (ownership: WhatsAppBusinessAccount['ownership']) =>
  (raw: GraphWhatsAppBusinessAccount): WhatsAppBusinessAccount => ({
    id: text(raw.id),
    name: text(raw.name),
    ownership,
    currency: text(raw.currency),
    timezoneId: text(raw.timezone_id),
    businessVerificationStatus: text(raw.business_verification_status),
    accountReviewStatus: text(raw.account_review_status),
    messageTemplateNamespace: text(raw.message_template_namespace),
  });

export const phoneNumberOf = (raw: GraphWhatsAppPhoneNumber): WhatsAppPhoneNumber => ({
  id: text(raw.id),
  displayPhoneNumber: text(raw.display_phone_number),
  verifiedName: text(raw.verified_name),
  qualityRating: qualityOf(raw.quality_rating),
  codeVerificationStatus: text(raw.code_verification_status),
  nameStatus: text(raw.name_status),
  throughputLevel: text(raw.throughput?.level),
  messagingLimit: limitOf(raw.whatsapp_business_manager_messaging_limit),
});

const TEMPLATE_FIELDS = 'id,name,language,status,category,parameter_format,components,quality_score,rejected_reason';

export const templateOf = (raw: GraphMessageTemplate): MessageTemplate => ({
  id: text(raw.id),
  name: text(raw.name),
  language: text(raw.language),
  status: raw.status ?? 'PENDING',
  category: raw.category ?? 'MARKETING',
  parameterFormat: raw.parameter_format ?? 'POSITIONAL',
  components: Array.isArray(raw.components) ? raw.components : [],
  qualityScore: qualityOf(raw.quality_score?.score),
  rejectedReason: raw.rejected_reason ?? 'NONE',
});

const node = (id: string) => `/${encodeURIComponent(id)}`;

/** Whether `digest` is the SHA-256 Meta wrote, in hex or in base64 (webhooks use one, the Media API the other). */
function sameSha256(digest: Buffer, written: string): boolean {
  const trimmed = written.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return digest.toString('hex') === trimmed.toLowerCase();
  return digest.toString('base64').replace(/=+$/, '') === trimmed.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
}

export function createWhatsAppCalls(graph: GraphCaller): WhatsAppCalls {
  return {
    // Sending messages (messages.ts): sendTemplate, sendText, markRead.
    ...createWhatsAppMessageCalls(graph),
    async businessAccounts(businessId) {
      const owned = await graph.list(`${node(businessId)}/owned_whatsapp_business_accounts`, { fields: WABA_FIELDS }, accountOf('owned'));
      const client = await graph.list(
        `${node(businessId)}/client_whatsapp_business_accounts`,
        { fields: WABA_FIELDS },
        accountOf('client'),
      );
      const seen = new Set(owned.map((account) => account.id));
      return [...owned, ...client.filter((account) => !seen.has(account.id))];
    },

    phoneNumbers: (wabaId) => graph.list(`${node(wabaId)}/phone_numbers`, { fields: PHONE_FIELDS }, phoneNumberOf),

    async phoneNumber(phoneNumberId) {
      return phoneNumberOf((await graph.get(node(phoneNumberId), { fields: PHONE_FIELDS })) as unknown as GraphWhatsAppPhoneNumber);
    },

    async messagingLimit(businessId) {
      const body = await graph.get(node(businessId), { fields: 'id,whatsapp_business_manager_messaging_limit' });
      return limitOf(body.whatsapp_business_manager_messaging_limit);
    },

    subscribedApps: (wabaId) =>
      graph.list(`${node(wabaId)}/subscribed_apps`, {}, (raw: GraphSubscribedApp) => ({
        id: text(raw.whatsapp_business_api_data?.id),
        name: text(raw.whatsapp_business_api_data?.name),
        link: text(raw.whatsapp_business_api_data?.link),
      })),

    async subscribeApp(wabaId) {
      // Subscribing twice leaves one subscription: safe to repeat after a 5xx.
      const body = await graph.post(`${node(wabaId)}/subscribed_apps`, {}, { idempotent: true });
      if (body.success !== true) throw new MetaUnavailableError('Meta no confirmó la suscripción', 200);
    },

    async unsubscribeApp(wabaId) {
      const body = await graph.delete(`${node(wabaId)}/subscribed_apps`, {}, { idempotent: true });
      if (body.success !== true) throw new MetaUnavailableError('Meta no confirmó la baja de la suscripción', 200);
    },

    async createTemplate(wabaId, input) {
      const body = await graph.post(`${node(wabaId)}/message_templates`, {
        name: input.name,
        language: input.language,
        category: input.category,
        parameter_format: input.parameterFormat ?? 'POSITIONAL',
        components: JSON.stringify(input.components),
      });
      if (typeof body.id !== 'string' && typeof body.id !== 'number')
        throw new MetaUnavailableError('Meta respondió sin id de plantilla', 200);
      return {
        id: text(body.id),
        status: (body.status as TemplateStatus | undefined) ?? 'PENDING',
        category: (body.category as TemplateCategory | undefined) ?? input.category,
      };
    },

    templates: (wabaId, filter = {}) =>
      graph.list(
        `${node(wabaId)}/message_templates`,
        { fields: TEMPLATE_FIELDS, ...(filter.name ? { name: filter.name } : {}) },
        templateOf,
      ),

    async templatesPage(wabaId, page) {
      const body = await graph.get(`${node(wabaId)}/message_templates`, {
        fields: TEMPLATE_FIELDS,
        limit: String(page.limit ?? 25),
        ...(page.name ? { name: page.name } : {}),
        ...(page.after ? { after: page.after } : {}),
      });
      if (!Array.isArray(body.data)) throw new MetaUnavailableError('Meta respondió una lista sin data', 200);
      const paging = body.paging as { next?: string; cursors?: { after?: string } } | undefined;
      return {
        templates: (body.data as GraphMessageTemplate[]).map(templateOf),
        after: paging?.next && paging.cursors?.after ? paging.cursors.after : null,
      };
    },

    async template(templateId) {
      return templateOf((await graph.get(node(templateId), { fields: TEMPLATE_FIELDS })) as unknown as GraphMessageTemplate);
    },

    async editTemplate(templateId, changes) {
      const body = await graph.post(node(templateId), {
        ...(changes.category ? { category: changes.category } : {}),
        ...(changes.components ? { components: JSON.stringify(changes.components) } : {}),
      });
      if (body.success !== true) throw new MetaUnavailableError('Meta no confirmó el cambio de la plantilla', 200);
    },

    async deleteTemplate(wabaId, template) {
      const body = await graph.delete(`${node(wabaId)}/message_templates`, {
        name: template.name,
        ...(template.id ? { hsm_id: template.id } : {}),
      });
      if (body.success !== true) throw new MetaUnavailableError('Meta no confirmó el borrado de la plantilla', 200);
    },

    async uploadHeaderSample(appId, file) {
      const session = await graph.post(`${node(appId)}/uploads`, {
        file_name: file.filename,
        file_length: String(file.data.size),
        file_type: file.type,
      });
      const id = text(session.id);
      if (!id.startsWith('upload:')) throw new MetaUnavailableError('Meta respondió sin sesión de carga', 200);
      let offset = 0;
      for (let resumes = 0; ; resumes += 1) {
        try {
          const body = await graph.postBytes(`/${id}`, {}, file.data.slice(offset), { file_offset: String(offset) });
          if (typeof body.h === 'string' && body.h) return body.h;
          throw new MetaUnavailableError('Meta respondió sin handle', 200);
        } catch (error) {
          if (!(error instanceof MetaUnavailableError) || resumes >= UPLOAD_RESUMES) throw error;
          offset = Number((await graph.get(`/${id}`)).file_offset) || 0;
        }
      }
    },

    async uploadMedia(phoneNumberId, file) {
      const body = await graph.post(`${node(phoneNumberId)}/media`, {
        messaging_product: 'whatsapp',
        type: file.type,
        file: { filename: file.filename, data: file.data.type ? file.data : new Blob([file.data], { type: file.type }) },
      });
      if (typeof body.id !== 'string' || !body.id) throw new MetaUnavailableError('Meta respondió sin id de media', 200);
      return body.id;
    },

    async media(mediaId, options = {}) {
      const body = await graph.get(node(mediaId), options.phoneNumberId ? { phone_number_id: options.phoneNumberId } : {});
      const fileSize = Number(body.file_size);
      if (typeof body.url !== 'string' || !body.url || typeof body.sha256 !== 'string' || !Number.isSafeInteger(fileSize))
        throw new MetaUnavailableError('Meta describió la media sin url, sha256 o tamaño', 200);
      return { id: text(body.id) || mediaId, url: body.url, mimeType: text(body.mime_type), sha256: body.sha256, fileSize };
    },

    async downloadMedia(media) {
      const file = await graph.download(media.url);
      if (file.bytes.length !== media.fileSize)
        throw new MetaFileMismatchError(`Meta sirvió ${file.bytes.length} bytes de ${media.fileSize}`, 200);
      if (!sameSha256(createHash('sha256').update(file.bytes).digest(), media.sha256))
        throw new MetaFileMismatchError('El sha256 del archivo no es el que Meta indicó', 200);
      return { mimeType: media.mimeType || file.contentType, bytes: file.bytes };
    },

    async deleteMedia(mediaId) {
      const body = await graph.delete(node(mediaId), {}, { idempotent: true });
      if (body.success !== true) throw new MetaUnavailableError('Meta no confirmó el borrado de la media', 200);
    },
  };
}
