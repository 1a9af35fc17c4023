import type { components } from './api/app.gen';

/*
 * What the chat may attach (SPEC §5 "Chat attachments"): the media types WhatsApp's Cloud API sends, each kind within
 * Meta's size limit. The browser checks a file before it uploads it and the server checks it again, with the same
 * table; the contract (`sendConversationMedia`) lists the same types.
 */

export type AttachmentKind = Extract<components['schemas']['ConversationMessageKind'], 'image' | 'video' | 'audio' | 'document'>;

const MB = 1024 * 1024;

/** Meta's most bytes per kind (Cloud API, "Supported media types"). */
export const ATTACHMENT_MAX_BYTES: Record<AttachmentKind, number> = {
  image: 5 * MB,
  video: 16 * MB,
  audio: 16 * MB,
  document: 100 * MB,
};

/** Each media type WhatsApp takes, and the kind of message it goes as. */
export const ATTACHMENT_TYPES: Readonly<Record<string, AttachmentKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'video/mp4': 'video',
  'video/3gpp': 'video',
  'audio/aac': 'audio',
  'audio/amr': 'audio',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/ogg': 'audio',
  'application/pdf': 'document',
  'text/plain': 'document',
  'application/msword': 'document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/vnd.ms-excel': 'document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'document',
  'application/vnd.ms-powerpoint': 'document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'document',
};

/** The file picker's `accept`: the same types. */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES).join(',');

/** The kind a declared media type goes as; null for one WhatsApp does not send. */
export function attachmentKind(type: string): AttachmentKind | null {
  return Object.hasOwn(ATTACHMENT_TYPES, type) ? ATTACHMENT_TYPES[type]! : null;
}

export type AttachmentProblem = { problem: 'invalidType' } | { problem: 'tooLarge'; kind: AttachmentKind; maxBytes: number };

/** Why a file cannot be attached, or null when it can. */
export function attachmentProblem(file: { type: string; size: number }): AttachmentProblem | null {
  const kind = attachmentKind(file.type);
  if (!kind) return { problem: 'invalidType' };
  if (file.size > ATTACHMENT_MAX_BYTES[kind]) return { problem: 'tooLarge', kind, maxBytes: ATTACHMENT_MAX_BYTES[kind] };
  return null;
}

/** A caption's most characters (Meta's, for images, videos and documents; audio takes none). */
export const ATTACHMENT_CAPTION_MAX_LENGTH = 1024;
