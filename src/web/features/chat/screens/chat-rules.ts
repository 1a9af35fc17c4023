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

/** A conversation longer than this keeps only the messages near the view in the page; a shorter one keeps all. */
export const WINDOWED_FROM = 150;

/** The height taken for a message never drawn, until one is: a line or two of text with its time. */
export const ESTIMATED_MESSAGE_PX = 72;

/** The messages `[start, end)` in the page; spacers of the rest's height stand above and below them. */
export interface MessageWindow {
  start: number;
  end: number;
}

/**
 * The messages within `overscan` pixels of the view (`viewTop` to `viewBottom`, from the first message's top),
 * from each message's height in reading order and the gap between two.
 */
export function messageWindow({
  heights,
  gap,
  viewTop,
  viewBottom,
  overscan,
}: {
  heights: readonly number[];
  gap: number;
  viewTop: number;
  viewBottom: number;
  overscan: number;
}): MessageWindow {
  let start = heights.length;
  let end = heights.length;
  let top = 0;
  for (let index = 0; index < heights.length; index += 1) {
    const bottom = top + (heights[index] ?? 0);
    if (start === heights.length && bottom >= viewTop - overscan) start = index;
    if (top > viewBottom + overscan) {
      end = index;
      break;
    }
    top = bottom + gap;
  }
  // Scrolled past the end (the list shrank): the last messages.
  return start < end ? { start, end } : { start: Math.max(0, end - 1), end };
}

/** The height a spacer takes for messages `[from, to)`: theirs and the gaps between them (the list adds its own gap after it). */
export function spacerHeight(heights: readonly number[], gap: number, from: number, to: number): number {
  let height = 0;
  for (let index = from; index < to; index += 1) height += heights[index] ?? 0;
  return height + gap * Math.max(0, to - from - 1);
}

/** How many list widths keep their messages' heights. */
export const KEPT_WIDTHS = 4;

/**
 * The heights measured at `width` (by message id), kept for the last `KEPT_WIDTHS` widths: a width seen again (a phone
 * turned back, a window resized back, a full-page picture's moment at another size) finds what was measured there, so
 * the spacers stay exact and nothing above the view moves. Measuring anew would take the average for every message
 * read but no longer in the page.
 */
export function heightsAtWidth(byWidth: Map<number, Map<number, number>>, width: number): Map<number, number> {
  const heights = byWidth.get(width) ?? new Map<number, number>();
  // Newest width last, so the first is the one to forget.
  byWidth.delete(width);
  byWidth.set(width, heights);
  for (const oldest of byWidth.keys()) {
    if (byWidth.size <= KEPT_WIDTHS) break;
    byWidth.delete(oldest);
  }
  return heights;
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
    campaignId: null,
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
