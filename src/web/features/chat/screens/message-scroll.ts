import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { components } from '../../../../shared/api/app.gen';
import {
  ESTIMATED_MESSAGE_PX,
  heightsAtWidth,
  isNearBottom,
  messageWindow,
  onNewerMessages,
  spacerHeight,
  WINDOWED_FROM,
} from './chat-rules';

type ConversationMessage = components['schemas']['ConversationMessage'];

/**
 * What the page holds: the messages from `topId` to `bottomId` (null where it reaches the oldest or the newest), and
 * the heights of the spacers standing for the others above and below.
 */
interface HeldMessages {
  topId: number | null;
  bottomId: number | null;
  before: number;
  after: number;
}

/**
 * The first message in view and where it starts in the list's content. What moves it there is the layout above it
 * (scrolling does not), so that is what keeping the place undoes.
 */
interface Place {
  id: number;
  offset: number;
}

const ROW = ':scope > [data-message-id]';

const offsetOf = (list: HTMLElement, row: HTMLElement) =>
  row.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;

function placeOf(list: HTMLElement): Place | null {
  const viewTop = list.getBoundingClientRect().top;
  for (const row of list.querySelectorAll<HTMLElement>(ROW))
    if (row.getBoundingClientRect().bottom > viewTop) return { id: Number(row.dataset.messageId), offset: offsetOf(list, row) };
  return null;
}

/**
 * Where the conversation's view stays as messages come and go, and which of them the page holds.
 *
 * - It opens on the newest message. Newer ones are followed when the merchant was reading the newest or sent one
 *   (`onNewerMessages`), else counted for the pill (`onUnseen`).
 * - Anything else (an older page joining above, a message changing, messages leaving the page, a new width)
 *   keeps the message the merchant reads where it is on screen; a view at the very bottom stays at the bottom.
 *   The list turns the browser's own scroll anchoring off: it does not act at the very top, where the older
 *   page's button is, and two anchors would move the view twice.
 * - A long conversation holds only the messages within two screens of the view, with spacers of the others' height:
 *   at 5,000 messages every older page and every new message otherwise lays all of them out again, seconds on a
 *   phone. A message's height is taken each time it is drawn and kept by the list's width, so a spacer is exact for
 *   what was read at that width, also after a moment at another; one never drawn counts as the average until it is.
 *   The edges are kept by id, so pages joining above and messages below keep the same messages in the page; an edge
 *   at the oldest or newest message follows what joins there.
 */
export function useMessageScroll(
  listRef: RefObject<HTMLDivElement | null>,
  messages: readonly ConversationMessage[],
  onUnseen: (count: number) => void,
) {
  const newest = useRef<ConversationMessage | undefined>(undefined);
  const nearBottom = useRef(true);
  const atBottom = useRef(true);
  const seenScrollTop = useRef(0);
  /** The list's size when the place was last seen: a different one means a layout not settled yet. */
  const seenSize = useRef({ width: 0, height: 0 });
  const place = useRef<Place | null>(null);
  const measured = useRef({ byWidth: new Map<number, Map<number, number>>(), heights: new Map<number, number>(), width: 0, gap: 0 });
  const [held, setHeld] = useState<HeldMessages>({ topId: null, bottomId: null, before: 0, after: 0 });
  /** The messages of the last render, for what runs outside one (scrolling, resizing). */
  const latest = useRef(messages);
  const windowed = messages.length > WINDOWED_FROM;

  const remember = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    nearBottom.current = isNearBottom(list);
    atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 1;
    seenScrollTop.current = list.scrollTop;
    seenSize.current = { width: list.clientWidth, height: list.clientHeight };
    place.current = placeOf(list);
  }, [listRef]);

  const toBottom = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    list.scrollTop = list.scrollHeight;
    remember();
  }, [listRef, remember]);

  const heightsOf = useCallback((list: readonly ConversationMessage[]) => {
    const { heights } = measured.current;
    let total = 0;
    for (const height of heights.values()) total += height;
    const estimate = heights.size > 0 ? total / heights.size : ESTIMATED_MESSAGE_PX;
    return list.map((message) => heights.get(message.id) ?? estimate);
  }, []);

  /** Measures the messages drawn and asks for those near the view. */
  const placeWindow = useCallback(() => {
    const list = listRef.current;
    const all = latest.current;
    if (!list || all.length <= WINDOWED_FROM) return;
    // A new width wraps every message anew: its own heights hold, as measured when the list last had it.
    if (list.clientWidth !== measured.current.width) {
      measured.current.heights = heightsAtWidth(measured.current.byWidth, list.clientWidth);
      measured.current.width = list.clientWidth;
      measured.current.gap = Number.parseFloat(getComputedStyle(list).rowGap) || 0;
    }
    const rows = [...list.querySelectorAll<HTMLElement>(ROW)];
    for (const row of rows) measured.current.heights.set(Number(row.dataset.messageId), row.getBoundingClientRect().height);
    const heights = heightsOf(all);
    const { gap } = measured.current;
    const indexOf = (row: HTMLElement | undefined) => (row ? all.findIndex((message) => message.id === Number(row.dataset.messageId)) : -1);
    // The view's top where the heights place it: from the first message drawn, so that what is drawn stays in the
    // window even when the heights above it are estimates that the page's spacer does not match yet.
    const first = rows[0];
    const firstIndex = indexOf(first);
    if (!first || firstIndex === -1) return;
    const firstTop = firstIndex === 0 ? 0 : spacerHeight(heights, gap, 0, firstIndex) + gap;
    const viewTop = firstTop + list.scrollTop - first.offsetTop;
    const around = (screens: number) =>
      messageWindow({ heights, gap, viewTop, viewBottom: viewTop + list.clientHeight, overscan: list.clientHeight * screens });
    let start = firstIndex;
    let end = indexOf(rows.at(-1)) + 1;
    // Two screens either side, placed again only once the view comes within one of an edge, or the page holds
    // more than three: while scrolling, most frames draw no message.
    const near = around(1);
    const far = around(3);
    if (!(near.start >= start && near.end <= end && start >= far.start && end <= far.end)) ({ start, end } = around(2));
    const next: HeldMessages = {
      topId: start === 0 ? null : (all[start]?.id ?? null),
      bottomId: end >= all.length ? null : (all[end - 1]?.id ?? null),
      // Whole pixels: a spacer's height is compared with the last one's.
      before: Math.round(spacerHeight(heights, gap, 0, start)),
      after: Math.round(spacerHeight(heights, gap, end, all.length)),
    };
    setHeld((current) =>
      current.topId === next.topId && current.bottomId === next.bottomId && current.before === next.before && current.after === next.after
        ? current
        : next,
    );
  }, [listRef, heightsOf]);

  /** Follows the newest message, or keeps the place; then the window, and what the view shows now. */
  const settle = useCallback(
    (follow: boolean) => {
      const list = listRef.current;
      if (!list) return;
      // The browser pulled the view up to the end of content that got shorter (wider, its messages wrap less): that is
      // no move of the merchant's, and the place is found again.
      const clamped = list.scrollTop < seenScrollTop.current && list.scrollTop >= list.scrollHeight - list.clientHeight - 1;
      // The view moved since it was last seen (focus brought a button into view, or a scroll not yet told): it stands.
      const moved = !clamped && Math.abs(list.scrollTop - seenScrollTop.current) >= 1;
      // At the very bottom, the view stays there whatever grows (a reaction's picker opening on the last message).
      if (follow || (atBottom.current && !moved)) list.scrollTop = list.scrollHeight;
      else if (place.current && !moved) {
        const { id, offset } = place.current;
        const row = list.querySelector<HTMLElement>(`:scope > [data-message-id="${id}"]`);
        // Where the view was, moved as much as what is above the message grew or shrank; in whole pixels, as a view
        // between two draws the icons a fraction off their text.
        const target = Math.round(seenScrollTop.current + (row ? offsetOf(list, row) - offset : 0));
        if (Math.abs(list.scrollTop - target) >= 0.5) list.scrollTop = target;
      }
      placeWindow();
      remember();
    },
    [listRef, placeWindow, remember],
  );

  // After every render: follow newer messages or keep the place, then the window.
  useLayoutEffect(() => {
    latest.current = messages;
    const list = listRef.current;
    if (!list) return;
    const last = messages.at(-1);
    const before = newest.current;
    newest.current = last;
    let follow = false;
    if (last && last.id !== before?.id) {
      const index = before ? messages.findIndex((message) => message.id === before.id) : -1;
      // The first messages of the conversation, or the old newest one went (an optimistic send replaced): follow.
      if (before === undefined || index === -1) follow = true;
      else {
        const added = messages.slice(index + 1);
        const ownSend = added.some((message) => message.direction === 'outbound');
        if (onNewerMessages({ nearBottom: nearBottom.current, ownSend }) === 'follow') follow = true;
        else onUnseen(added.filter((message) => message.direction === 'inbound').length);
      }
    }
    settle(follow);
  });

  // A new width (a phone turned, a window resized) wraps the messages anew without a render.
  useEffect(() => {
    const list = listRef.current;
    // Test documents draw nothing, and have no ResizeObserver.
    if (!list || typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(() => settle(false));
    resized.observe(list);
    return () => resized.disconnect();
  }, [listRef, settle]);

  // Scrolling: the place is the merchant's now; the window follows at most once a frame. A scroll the browser tells
  // after a new size and before the size is reported (it does) is the new layout's, not a move: the place is kept first.
  const frame = useRef(0);
  const onScroll = useCallback(() => {
    const list = listRef.current;
    if (list && (list.clientWidth !== seenSize.current.width || list.clientHeight !== seenSize.current.height)) settle(false);
    else remember();
    if (frame.current !== 0) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      placeWindow();
    });
  }, [listRef, settle, remember, placeWindow]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  if (!windowed) return { start: 0, end: messages.length, before: 0, after: 0, onScroll, toBottom };
  const indexOf = (id: number | null) => (id === null ? -1 : messages.findIndex((message) => message.id === id));
  const start = Math.max(0, indexOf(held.topId));
  const bottom = indexOf(held.bottomId);
  const end = bottom === -1 || bottom < start ? messages.length : bottom + 1;
  return {
    start,
    end,
    before: start > 0 ? held.before : 0,
    after: end < messages.length ? held.after : 0,
    onScroll,
    toBottom,
  };
}
