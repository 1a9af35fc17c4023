import type { operations as AppOperations } from '../../../shared/api/app.gen.ts';
import { fieldErrorsOf } from '../../../shared/field-errors.ts';
import { type WhatsappTemplateInput, whatsappTemplateInputSchema } from '../../../shared/whatsapp-templates.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import { MetaError, MetaNotFoundError } from '../../integrations/meta/errors.ts';
import { TEMPLATE_REFUSAL_CODES, templateRefusalCode } from '../../integrations/meta/whatsapp/errors.ts';
import { type MetaAccess, metaFailure } from '../../platform/connections/meta-connection.ts';
import { whatsappClientOf } from '../../platform/connections/whatsapp-connection.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { type Handlers, inStore } from '../../platform/http/api.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { publishLive } from '../../platform/store-data/live.ts';
import { shopDomainOf } from '../../platform/store-data/shop.ts';
import { storeTemplate, storeTemplateNamed, storeTemplates, templateMediaContent } from '../../platform/store-data/whatsapp-templates.ts';
import { FORMAT_OF_KIND, keepTemplateMedia } from './media.ts';
import { whatsappMessages as messages } from './messages.ts';
import { metaComponentsOf, statusOfMeta } from './meta-template.ts';
import {
  deleteTemplateRow,
  editingOf,
  insertTemplate,
  type MetaState,
  summaryOf,
  type TemplateRow,
  templateOf,
  updateTemplateContent,
} from './repository.ts';
import { recordTemplateDeleted } from './template-status.ts';

/*
 * WhatsApp message templates (SPEC §2, §3, §4, §5, §8): the list with each status Meta gave, create and
 * edit (sent to Meta for review), the detail with its status history, deletion, and the header's files.
 * Meta is the truth of a template's status: its webhook and the periodic sync (sync.ts) move it. Every
 * call to Meta goes through the store's WhatsApp connection gate. Every role of the store may use them
 * (SPEC §2: /whatsapp for all four).
 */

type TemplateOperations = Pick<
  AppOperations,
  | 'listWhatsappTemplates'
  | 'createWhatsappTemplate'
  | 'getWhatsappTemplate'
  | 'updateWhatsappTemplate'
  | 'deleteWhatsappTemplate'
  | 'uploadWhatsappTemplateMedia'
  | 'getWhatsappTemplateMedia'
>;

const C = TEMPLATE_REFUSAL_CODES;

/** The body's broken rules, each on its field (the contract's own 400). */
function checkedInput(body: WhatsappTemplateInput): WhatsappTemplateInput {
  const parsed = whatsappTemplateInputSchema.safeParse(body);
  if (!parsed.success) throw errors.invalidRequest(fieldErrorsOf(parsed.error.issues, messages.rules));
  return parsed.data;
}

/** The header's file must be the store's, of the header's kind. */
async function checkedHeaderFile(db: Queryable, storeId: number, input: WhatsappTemplateInput) {
  const { header } = input;
  if (header.format === 'NONE' || header.format === 'TEXT' || header.mediaId === null) return null;
  const media = await templateMediaContent(db, storeId, header.mediaId);
  if (!media) throw errors.invalidRequest([{ field: 'header.mediaId', message: messages.mediaNotFound }]);
  if (FORMAT_OF_KIND[media.kind] !== header.format)
    throw errors.invalidRequest([{ field: 'header.mediaId', message: messages.mediaWrongKind }]);
  return media;
}

/**
 * Meta's refusal of a template as the merchant reads it (SPEC §8): 2046, 2047 and 2048 in our words on their
 * field, any other with Meta's own text appended; a dead token or Meta's own trouble as for every Meta call.
 */
async function templateRefusal(db: Queryable, storeId: number, error: unknown): Promise<never> {
  if (error instanceof HttpError) throw error;
  if (error instanceof MetaError && error.code === 100) {
    const words = error.userMessage || null;
    const refusal = (code: string, message: string, field: string) =>
      new HttpError(422, code, messages.meta.withWords(message, words), [{ field, message }], undefined, words ?? undefined);
    switch (templateRefusalCode(error)) {
      case C.tooManyVariables:
        throw refusal('template_too_many_variables', messages.meta.tooManyVariables, 'body');
      case C.nameTaken:
        throw refusal('template_name_taken', messages.meta.nameTaken, 'name');
      case C.invalidPhoneNumber:
        throw refusal('invalid_phone_number', messages.meta.invalidPhoneNumber, 'buttons');
      default:
        throw new HttpError(
          422,
          'template_refused',
          messages.meta.withWords(messages.meta.refused, words),
          undefined,
          undefined,
          words ?? undefined,
        );
    }
  }
  return metaFailure(db, storeId, error);
}

/** What Meta sends a template with: its components (the header's file uploaded to Meta first). */
async function metaFormOf(db: Queryable, storeId: number, client: MetaUserClient, appId: string, input: WhatsappTemplateInput) {
  const media = await checkedHeaderFile(db, storeId, input);
  const usesShop = input.buttons.some((button) => button.type === 'CHECKOUT_URL' || button.type === 'REDO_LAST_ORDER_URL');
  const shopDomain = usesShop ? await shopDomainOf(db, storeId) : '';
  if (shopDomain === null) throw new HttpError(409, 'store_integration_required', messages.storeRequired);
  const headerHandle = media
    ? await client.whatsapp.uploadHeaderSample(appId, {
        filename: media.name,
        type: media.mime_type,
        data: new Blob([new Uint8Array(media.content)], { type: media.mime_type }),
      })
    : null;
  return metaComponentsOf(input, { shopDomain, headerHandle });
}

/** A template's state right after Meta took it: what its answer says (PENDING, or REJECTED at once). */
function stateAfterSending(status: string, now: Date): MetaState {
  const ours = statusOfMeta(status) ?? 'PENDING';
  return {
    status: ours,
    rejectionReason: ours === 'REJECTED' ? 'OTHER' : null,
    rejectionDetail: null,
    pausedUntil: null,
    quality: null,
    at: now,
  };
}

async function rowOr404(db: Queryable, storeId: number, templateId: number, lock = false): Promise<TemplateRow> {
  const row = await storeTemplate(db, storeId, templateId, lock);
  if (!row) throw errors.notFound();
  return row;
}

const announce = (db: Queryable, storeId: number, templateId: string | number) =>
  publishLive(db, storeId, { topic: 'whatsappTemplate', templateId: Number(templateId) });

export const whatsappTemplateHandlers = (access: MetaAccess): Handlers<TemplateOperations> => ({
  async listWhatsappTemplates(context) {
    const { storeId } = inStore(context);
    // Without a connection the list leads to Integrations first (no call to Meta is made here).
    await whatsappClientOf(context.db, access, storeId);
    const now = new Date();
    const rows = await storeTemplates(context.db, storeId);
    return { status: 200, body: { templates: rows.map((row) => summaryOf(row, now)) } };
  },

  async getWhatsappTemplate(context) {
    const { storeId } = inStore(context);
    const row = await rowOr404(context.db, storeId, context.params.templateId);
    return { status: 200, body: await templateOf(context.db, storeId, row, new Date()) };
  },

  async createWhatsappTemplate(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const input = checkedInput(context.body);
    const { wabaId, client } = await whatsappClientOf(db, access, storeId);
    if (await storeTemplateNamed(db, storeId, input.name))
      throw new HttpError(409, 'template_name_taken', messages.nameTaken, [{ field: 'name', message: messages.nameTaken }]);
    let created: { id: string; status: string };
    try {
      const components = await metaFormOf(db, storeId, client, access.appId, input);
      created = await client.whatsapp.createTemplate(wabaId, {
        name: input.name,
        language: 'es',
        category: input.category,
        parameterFormat: 'NAMED',
        components,
      });
    } catch (error) {
      return templateRefusal(db, storeId, error);
    }
    const row = await db.transaction(async (tx) => {
      const inserted = await insertTemplate(tx, storeId, input, {
        wabaId,
        metaTemplateId: created.id,
        state: stateAfterSending(created.status, new Date()),
      });
      await announce(tx, storeId, inserted.id);
      return inserted;
    });
    return { status: 201, body: await templateOf(db, storeId, row, new Date()) };
  },

  async updateWhatsappTemplate(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const current = await rowOr404(db, storeId, context.params.templateId);
    const input = checkedInput(context.body);
    if (input.name !== current.name) throw errors.invalidRequest([{ field: 'name', message: messages.nameFixed }]);
    if (current.status === 'APPROVED' && input.category !== current.category)
      throw errors.invalidRequest([{ field: 'category', message: messages.categoryFixed }]);
    const editing = editingOf(current, new Date());
    if (!editing.allowed) {
      const at = editing.availableAt ? new Date(editing.availableAt) : new Date();
      const message =
        editing.reason === 'editedToday'
          ? messages.notEditable.editedToday(at)
          : editing.reason === 'monthlyLimit'
            ? messages.notEditable.monthlyLimit(at)
            : messages.notEditable[editing.reason ?? 'inReview'];
      throw new HttpError(409, 'template_not_editable', message);
    }
    const { client } = await whatsappClientOf(db, access, storeId);
    try {
      const components = await metaFormOf(db, storeId, client, access.appId, input);
      await client.whatsapp.editTemplate(current.meta_template_id, {
        ...(current.status === 'APPROVED' ? {} : { category: input.category }),
        components,
      });
    } catch (error) {
      return templateRefusal(db, storeId, error);
    }
    const row = await db.transaction(async (tx) => {
      const updated = await updateTemplateContent(tx, current, input, stateAfterSending('PENDING', new Date()));
      await announce(tx, storeId, updated.id);
      return updated;
    });
    return { status: 200, body: await templateOf(db, storeId, row, new Date()) };
  },

  async deleteWhatsappTemplate(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const row = await rowOr404(db, storeId, context.params.templateId);
    const { client } = await whatsappClientOf(db, access, storeId);
    try {
      await client.whatsapp.deleteTemplate(row.waba_id, { name: row.name, id: row.meta_template_id });
    } catch (error) {
      // Already gone in Meta (deleted there): it goes here too.
      if (!(error instanceof MetaNotFoundError)) {
        if (error instanceof MetaError && error.code === 100) throw new HttpError(502, 'template_delete_failed', messages.deleteFailed);
        await metaFailure(db, storeId, error);
      }
    }
    await db.transaction(async (tx) => {
      await deleteTemplateRow(tx, storeId, row.id);
      await recordTemplateDeleted(context.events, tx, storeId, row);
      await announce(tx, storeId, row.id);
    });
    return { status: 204 };
  },

  async uploadWhatsappTemplateMedia(context) {
    const { storeId } = inStore(context);
    await whatsappClientOf(context.db, access, storeId);
    const media = await keepTemplateMedia(context.db, storeId, context.query.name.trim() || context.query.name, context.body);
    return { status: 201, body: media };
  },

  async getWhatsappTemplateMedia(context) {
    const { storeId } = inStore(context);
    const media = await templateMediaContent(context.db, storeId, context.params.mediaId);
    if (!media) throw errors.notFound();
    return {
      status: 200,
      file: { type: media.mime_type, data: media.content },
      headers: {
        'cache-control': 'private, max-age=86400, immutable',
        'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(media.name)}`,
      },
    };
  },
});
