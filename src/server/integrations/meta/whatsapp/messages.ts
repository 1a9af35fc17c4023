import type { GraphCaller } from '../ads-client.ts';
import { MetaUnavailableError } from '../errors.ts';
import type { TemplateCategory } from './types.ts';

/*
 * Sending WhatsApp messages from a business number, as Meta's references write the requests:
 * - templates of the MARKETING category through the Marketing Messages API for WhatsApp
 *   (`POST /{phone-number-id}/marketing_messages`), which takes marketing templates only, with
 *   `message_activity_sharing` and Meta's click tracking; every other template, and free text, through the
 *   Cloud API (`POST /{phone-number-id}/messages`);
 * - parameters by name (`parameter_format: NAMED` templates), a media header by uploaded id or link, a URL
 *   button's dynamic suffix by the button's index.
 * Each send is tried once: a repeat is a second message, so retrying is the caller's decision, made with
 * `classifySendFailure` (errors.ts). Needs whatsapp_business_messaging.
 */

/** A media header's file: an id from `uploadMedia`, or a public https link Meta fetches. */
export type HeaderMedia = { id: string; link?: never } | { link: string; id?: never };

export type TemplateHeader =
  | { type: 'text'; parameters: Record<string, string> }
  | ({ type: 'image' | 'video' | 'document' } & HeaderMedia);

export interface TemplateMessage {
  /** The customer's phone: E.164 (`+56912345678`) or its digits. */
  to: string;
  template: {
    name: string;
    /** `es`, `es_AR`…: the template's language as created. */
    language: string;
    /** Decides the endpoint: MARKETING goes through the Marketing Messages API. */
    category: TemplateCategory;
  };
  header?: TemplateHeader;
  /** The body's named parameters: `{ first_name: 'Ana' }`. */
  body?: Record<string, string>;
  /** Per button index: a URL button's dynamic suffix, or a quick reply's payload. */
  buttons?: Array<{ index: number; urlSuffix: string } | { index: number; payload: string }>;
  /** Marketing only: whether Meta may share the message's activity for its optimisation (Meta's default when left out). */
  messageActivitySharing?: boolean;
  /** Marketing only: STRICT never falls back to the Cloud API when the Marketing Messages API cannot take the message. */
  productPolicy?: 'CLOUD_API_FALLBACK' | 'STRICT';
  /** Our reference, echoed in the message's status webhooks (at most 512 characters). */
  callbackData?: string;
}

export interface TextMessage {
  to: string;
  /** At most 4,096 characters. Only within 24 hours of the customer's last message (else 131047). */
  body: string;
  /** Whether WhatsApp shows a preview of the first link. */
  previewUrl?: boolean;
  /** The wamid of the message this one answers. */
  replyTo?: string;
  callbackData?: string;
}

/** A file uploaded to the number (`uploadMedia`), sent as its kind of message. */
export interface MediaMessage {
  to: string;
  type: 'image' | 'video' | 'audio' | 'document';
  /** The media id `uploadMedia` answered. */
  mediaId: string;
  /** Under an image, a video or a document; Meta takes none for audio. */
  caption?: string;
  /** The name a document shows. */
  filename?: string;
  callbackData?: string;
}

export interface ReactionMessage {
  to: string;
  /** The wamid of the message reacted to. */
  messageId: string;
  /** One emoji; empty removes the reaction. */
  emoji: string;
}

/** What Meta answered for an accepted message. */
export interface SentMessage {
  /** The message's id (`wamid.…`): its statuses come to the webhook under it. */
  messageId: string;
  /** The customer's WhatsApp id (their phone's digits), as Meta resolved `to`. */
  waId: string;
  /** `accepted` (Meta's only answer today; `held_for_quality_assessment` for some marketing messages). */
  status: string;
}

export interface WhatsAppMessageCalls {
  /** A template message, through `/marketing_messages` for MARKETING templates and `/messages` otherwise. */
  sendTemplate(phoneNumberId: string, message: TemplateMessage, options?: SendOptions): Promise<SentMessage>;
  /** A free-text message (confirmations, the chat), within the customer's 24-hour window. */
  sendText(phoneNumberId: string, message: TextMessage, options?: SendOptions): Promise<SentMessage>;
  /** An uploaded file as an image, video, audio or document message, within the customer's 24-hour window. */
  sendMedia(phoneNumberId: string, message: MediaMessage, options?: SendOptions): Promise<SentMessage>;
  /** A reaction to a message the customer sent (`emoji` empty takes it back), within the customer's 24-hour window. */
  sendReaction(phoneNumberId: string, message: ReactionMessage, options?: SendOptions): Promise<SentMessage>;
  /** Marks a message the customer sent as read (blue ticks on their side). */
  markRead(phoneNumberId: string, messageId: string): Promise<void>;
}

export interface SendOptions {
  /** Give up after this long without an answer (MetaNoAnswerError, `timedOut`; the message may have been sent). Default 15 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The `components` of a template message, as Meta's reference writes them. */
export function templateComponents(message: TemplateMessage): Array<Record<string, unknown>> {
  const components: Array<Record<string, unknown>> = [];
  const { header } = message;
  if (header?.type === 'text')
    components.push({
      type: 'header',
      parameters: Object.entries(header.parameters).map(([name, text]) => ({ type: 'text', parameter_name: name, text })),
    });
  else if (header)
    components.push({
      type: 'header',
      parameters: [{ type: header.type, [header.type]: header.id ? { id: header.id } : { link: header.link } }],
    });
  if (message.body && Object.keys(message.body).length > 0)
    components.push({
      type: 'body',
      parameters: Object.entries(message.body).map(([name, text]) => ({ type: 'text', parameter_name: name, text })),
    });
  for (const button of message.buttons ?? [])
    components.push(
      'urlSuffix' in button
        ? { type: 'button', sub_type: 'url', index: String(button.index), parameters: [{ type: 'text', text: button.urlSuffix }] }
        : {
            type: 'button',
            sub_type: 'quick_reply',
            index: String(button.index),
            parameters: [{ type: 'payload', payload: button.payload }],
          },
    );
  return components;
}

/** The customer as Meta's `to` takes it: the phone's digits. */
const recipientOf = (to: string) => to.replace(/[^\d]/g, '');

function sentOf(body: Record<string, unknown>): SentMessage {
  const message = Array.isArray(body.messages) ? (body.messages[0] as Record<string, unknown> | undefined) : undefined;
  const contact = Array.isArray(body.contacts) ? (body.contacts[0] as Record<string, unknown> | undefined) : undefined;
  if (typeof message?.id !== 'string' || !message.id) throw new MetaUnavailableError('Meta aceptó el mensaje sin devolver su id', 200);
  return {
    messageId: message.id,
    waId: typeof contact?.wa_id === 'string' ? contact.wa_id : '',
    status: typeof message.message_status === 'string' ? message.message_status : 'accepted',
  };
}

const node = (id: string) => `/${encodeURIComponent(id)}`;

export function createWhatsAppMessageCalls(graph: GraphCaller): WhatsAppMessageCalls {
  /** One Cloud API message of `type` (its object `content`) to `to`, tried once. */
  const sendOne = async (
    phoneNumberId: string,
    to: string,
    type: string,
    content: Record<string, unknown>,
    options: SendOptions,
    extra: Record<string, unknown> = {},
  ) => {
    const body = { messaging_product: 'whatsapp', recipient_type: 'individual', to: recipientOf(to), type, [type]: content, ...extra };
    return sentOf(await graph.postJson(`${node(phoneNumberId)}/messages`, body, { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS }));
  };
  return {
    async sendTemplate(phoneNumberId, message, options = {}) {
      const marketing = message.template.category === 'MARKETING';
      const components = templateComponents(message);
      const body: Record<string, unknown> = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: recipientOf(message.to),
        type: 'template',
        template: {
          name: message.template.name,
          language: { code: message.template.language },
          ...(components.length > 0 ? { components } : {}),
        },
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
        ...(marketing && message.messageActivitySharing !== undefined ? { message_activity_sharing: message.messageActivitySharing } : {}),
        ...(marketing && message.productPolicy ? { product_policy: message.productPolicy } : {}),
      };
      const path = `${node(phoneNumberId)}/${marketing ? 'marketing_messages' : 'messages'}`;
      return sentOf(await graph.postJson(path, body, { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS }));
    },

    sendText: (phoneNumberId, message, options = {}) =>
      sendOne(phoneNumberId, message.to, 'text', { body: message.body, preview_url: message.previewUrl ?? false }, options, {
        ...(message.replyTo ? { context: { message_id: message.replyTo } } : {}),
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
      }),

    sendMedia(phoneNumberId, message, options = {}) {
      const media: Record<string, string> = { id: message.mediaId };
      if (message.caption && message.type !== 'audio') media.caption = message.caption;
      if (message.filename && message.type === 'document') media.filename = message.filename;
      return sendOne(phoneNumberId, message.to, message.type, media, options, {
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
      });
    },

    sendReaction: (phoneNumberId, message, options = {}) =>
      sendOne(phoneNumberId, message.to, 'reaction', { message_id: message.messageId, emoji: message.emoji }, options),

    async markRead(phoneNumberId, messageId) {
      const body = await graph.postJson(`${node(phoneNumberId)}/messages`, {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: messageId,
      });
      if (body.success !== true) throw new MetaUnavailableError('Meta no confirmó la lectura', 200);
    },
  };
}
