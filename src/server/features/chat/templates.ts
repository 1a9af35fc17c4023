import type { components } from '../../../shared/api/app.gen.ts';
import { templateMessageText } from '../../../shared/whatsapp-campaigns.ts';
import { buttonSuffixes, variablesIn } from '../../../shared/whatsapp-templates.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import type { TemplateHeader, TemplateMessage } from '../../integrations/meta/whatsapp/messages.ts';
import { uploadedHeaderMedia } from '../../platform/connections/whatsapp-header-media.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { storeTemplate, storeTemplates, type WhatsappTemplateRow } from '../../platform/store-data/whatsapp-templates.ts';
import { chatMessages as messages } from './messages.ts';
import type { Conversation } from './repository.ts';

/*
 * Templates from the chat: the store's approved templates (store data the WhatsApp feature writes, read through
 * platform's whatsapp-templates.ts), each variable filled from the conversation's customer where their data says it, the
 * rest typed by the merchant. A customer who stopped the store's marketing is offered no marketing template, and
 * the server refuses one.
 */

type ConversationTemplate = components['schemas']['ConversationTemplate'];
type Category = components['schemas']['WhatsappTemplateCategory'];

export const templateNotFound = () => new HttpError(404, 'template_not_found', messages.templateNotFound);
const templateNotApproved = () => new HttpError(409, 'template_not_approved', messages.templateNotApproved);
const optedOut = () => new HttpError(409, 'chat_opted_out', messages.optedOut);

/** What the customer's data says of each customer variable; null where it says nothing. */
async function customerValues(db: Queryable, storeId: number, conversation: Conversation): Promise<Record<string, string | null>> {
  const [customer] = conversation.customerId
    ? await db.query<{ first_name: string | null; last_name: string | null; email: string | null }>(
        'select first_name, last_name, email from customers where store_id = $1 and external_id = $2',
        [storeId, conversation.customerId],
      )
    : [];
  const clean = (value: string | null | undefined) => value?.trim() || null;
  return {
    CLIENT_FIRST_NAME: clean(customer?.first_name),
    CLIENT_LAST_NAME: clean(customer?.last_name),
    CLIENT_EMAIL: clean(customer?.email),
  };
}

const blockOf = (category: Category, conversation: Conversation): ConversationTemplate['blocked'] =>
  category === 'MARKETING' && conversation.optedOut ? 'optedOut' : null;

/** The approved templates the conversation's customer can be offered, with their customer values. */
export async function conversationTemplates(db: Queryable, storeId: number, conversation: Conversation): Promise<ConversationTemplate[]> {
  const rows = await storeTemplates(db, storeId, 'APPROVED');
  const values = await customerValues(db, storeId, conversation);
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    category: row.category,
    headerFormat: row.header_format,
    headerText: row.header_format === 'TEXT' ? row.header_text : null,
    body: row.body,
    footer: row.footer,
    buttons: row.buttons.map(({ type, text }) => ({ type, text })),
    variables: row.variables.map(({ name, type }) => ({ name, type, value: values[type] ?? null })),
    blocked: blockOf(row.category, conversation),
  }));
}

/** The template a send names, if it may go to this customer now; every variable's value, typed or the customer's. */
export async function templateToSend(
  db: Queryable,
  storeId: number,
  conversation: Conversation,
  templateId: number,
  typed: Record<string, string>,
): Promise<{ template: WhatsappTemplateRow; values: Record<string, string> }> {
  const template = await storeTemplate(db, storeId, templateId);
  if (!template) throw templateNotFound();
  if (template.status !== 'APPROVED') throw templateNotApproved();
  if (blockOf(template.category, conversation)) throw optedOut();
  const fromCustomer = await customerValues(db, storeId, conversation);
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const variable of template.variables) {
    const value = typed[variable.name]?.trim() || fromCustomer[variable.type];
    if (value) values[variable.name] = value;
    else missing.push(variable.name);
  }
  if (missing.length > 0)
    throw errors.invalidRequest(missing.map((name) => ({ field: `values.${name}`, message: messages.templateValueMissing })));
  return { template, values };
}

/** The text the conversation shows of a template message: its header's and body's text with the values in place. */
export function templateText(template: WhatsappTemplateRow, values: Record<string, string>): string {
  return templateMessageText({ headerFormat: template.header_format, headerText: template.header_text, body: template.body }, values);
}

/** A media header as Meta's message names it, its file uploaded to the number once; undefined for a template without one. */
async function headerMedia(
  db: Queryable,
  client: MetaUserClient,
  phoneNumberId: string,
  template: WhatsappTemplateRow,
): Promise<TemplateHeader | undefined> {
  const format = template.header_format;
  if (format !== 'IMAGE' && format !== 'VIDEO' && format !== 'DOCUMENT') return undefined;
  const id = template.header_media_id
    ? await uploadedHeaderMedia(db, client, { storeId: template.store_id, mediaId: template.header_media_id, phoneNumberId })
    : null;
  // Without its file Meta refuses the message, and says why in the failed message.
  if (!id) return undefined;
  return { type: format.toLowerCase() as 'image' | 'video' | 'document', id };
}

/** The template as Meta's message to `to`. */
export async function templateMessage(
  db: Queryable,
  client: MetaUserClient,
  phoneNumberId: string,
  send: { to: string; template: WhatsappTemplateRow; values: Record<string, string>; callbackData: string },
): Promise<TemplateMessage> {
  const { template, values } = send;
  const named = (text: string) => Object.fromEntries(variablesIn(text).map((name) => [name, values[name] ?? '']));
  const header =
    template.header_format === 'TEXT' && template.header_text && variablesIn(template.header_text).length > 0
      ? ({ type: 'text', parameters: named(template.header_text) } as const)
      : await headerMedia(db, client, phoneNumberId, template);
  return {
    to: send.to,
    template: { name: template.name, language: 'es', category: template.category },
    ...(header ? { header } : {}),
    body: named(template.body),
    buttons: Object.entries(buttonSuffixes(template.buttons, null)).map(([index, urlSuffix]) => ({ index: Number(index), urlSuffix })),
    callbackData: send.callbackData,
  };
}
