import type { components } from '../../../../shared/api/app.gen';

/*
 * The chat's decisions, as pure functions the screens and the container share: what is left of WhatsApp's
 * 24-hour window, when the message list follows the newest message, and the messages in reading order.
 */

type ConversationMessage = components['schemas']['ConversationMessage'];
type ConversationMessagePage = components['schemas']['ConversationMessagePage'];

/** Free text may be sent (time left, rounded down to the minute), or only templates. */
export type ChatWindow = { open: true; hours: number; minutes: number } | { open: false; neverWrote: boolean };

/** The window from the conversation's `windowClosesAt` (null: the customer never wrote) at `now`. */
export function chatWindowAt(windowClosesAt: string | null, now: number): ChatWindow {
  if (windowClosesAt === null) return { open: false, neverWrote: true };
  const leftMs = Date.parse(windowClosesAt) - now;
  // The last minute counts as one left: the server still takes the message.
  const minutesLeft = Math.ceil(leftMs / 60_000);
  if (minutesLeft <= 0) return { open: false, neverWrote: false };
  return { open: true, hours: Math.floor(minutesLeft / 60), minutes: minutesLeft % 60 };
}

/** How close to the bottom (in pixels) still counts as reading the newest messages. */
export const NEAR_BOTTOM_PX = 80;

export function isNearBottom({ scrollTop, scrollHeight, clientHeight }: Pick<Element, 'scrollTop' | 'scrollHeight' | 'clientHeight'>) {
  return scrollHeight - scrollTop - clientHeight <= NEAR_BOTTOM_PX;
}

/**
 * What the list does when newer messages arrive: it follows them when the merchant was reading the newest ones or
 * sent one; otherwise it stays where the merchant is reading, and a pill counts what came below.
 */
export function onNewerMessages({ nearBottom, ownSend }: { nearBottom: boolean; ownSend: boolean }): 'follow' | 'count' {
  return nearBottom || ownSend ? 'follow' : 'count';
}

/** The messages of the pages read so far (newest page first, newest first in each) in reading order: oldest at top. */
export function messagesInOrder(pages: readonly ConversationMessagePage[]): ConversationMessage[] {
  const seen = new Set<number>();
  const ordered: ConversationMessage[] = [];
  for (const page of pages) for (const message of page.messages) if (!seen.has(message.id) && seen.add(message.id)) ordered.push(message);
  return ordered.reverse();
}

/** A send the server has not answered yet: shown at the bottom, pending, until its answer replaces it. */
export interface OptimisticSend {
  clientId: string;
  conversationId: number;
  text: string;
  at: string;
}

/** The optimistic message of a send: a negative id, so it never meets a server's. */
export function optimisticMessage(send: OptimisticSend, index: number): ConversationMessage {
  return {
    id: -(index + 1),
    direction: 'outbound',
    kind: 'text',
    text: send.text,
    payload: null,
    status: 'pending',
    error: null,
    reactions: [],
    templateName: null,
    templateMissing: false,
    media: null,
    at: send.at,
  };
}

type ConversationTemplate = components['schemas']['ConversationTemplate'];

/** The template the merchant is filling in the closed window's composer, and what they typed, by variable. */
export interface TemplateDraft {
  templateId: number | null;
  values: Readonly<Record<string, string>>;
  /** The merchant tried to send: the values still missing say so. */
  attempted: boolean;
}

export const EMPTY_TEMPLATE_DRAFT: TemplateDraft = { templateId: null, values: {}, attempted: false };

/** Each variable's value as the composer shows it: what the merchant typed, else the customer's data, else empty. */
export function templateValues(template: ConversationTemplate, typed: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(template.variables.map((variable) => [variable.name, typed[variable.name] ?? variable.value ?? '']));
}

/** The variables with no value yet: the merchant must type them before the template goes. */
export function missingValues(template: ConversationTemplate, typed: Readonly<Record<string, string>>): string[] {
  const values = templateValues(template, typed);
  return template.variables.filter((variable) => !values[variable.name]?.trim()).map((variable) => variable.name);
}

/** What the send carries: every value the composer shows (the server fills nothing the merchant did not see). */
export function valuesToSend(template: ConversationTemplate, typed: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(templateValues(template, typed))
      .map(([name, value]) => [name, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
}
