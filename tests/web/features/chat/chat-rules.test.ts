import { describe, expect, it } from 'vitest';
import type { components } from '../../../../src/shared/api/app.gen';
import {
  chatWindowAt,
  heightsAtWidth,
  isNearBottom,
  KEPT_WIDTHS,
  messagesInOrder,
  messageWindow,
  missingValues,
  onNewerMessages,
  optimisticMessage,
  spacerHeight,
  templateValues,
  valuesToSend,
} from '../../../../src/web/features/chat/screens/chat-rules';

type ConversationMessage = components['schemas']['ConversationMessage'];
type ConversationTemplate = components['schemas']['ConversationTemplate'];

const NOW = Date.parse('2026-03-16T12:00:00.000Z');
const MINUTE = 60_000;
const message = (id: number): ConversationMessage => ({
  id,
  direction: 'inbound',
  kind: 'text',
  text: `m${id}`,
  payload: null,
  status: null,
  error: null,
  reactions: [],
  templateName: null,
  templateMissing: false,
  campaignId: null,
  media: null,
  at: new Date(NOW + id * MINUTE).toISOString(),
});

describe('the 24-hour window', () => {
  it('tells the hours and minutes left, counting a started minute as left', () => {
    expect(chatWindowAt(new Date(NOW + 23 * 60 * MINUTE + 5 * MINUTE).toISOString(), NOW)).toEqual({ open: true, hours: 23, minutes: 5 });
    expect(chatWindowAt(new Date(NOW + 30_000).toISOString(), NOW)).toEqual({ open: true, hours: 0, minutes: 1 });
  });

  it('is closed once the time passed, and for a customer who never wrote', () => {
    expect(chatWindowAt(new Date(NOW).toISOString(), NOW)).toEqual({ open: false, neverWrote: false });
    expect(chatWindowAt(new Date(NOW - MINUTE).toISOString(), NOW)).toEqual({ open: false, neverWrote: false });
    expect(chatWindowAt(null, NOW)).toEqual({ open: false, neverWrote: true });
  });
});

describe('newer messages', () => {
  it('are followed when the merchant reads the newest ones or sent one, and counted otherwise', () => {
    expect(onNewerMessages({ nearBottom: true, ownSend: false })).toBe('follow');
    expect(onNewerMessages({ nearBottom: false, ownSend: true })).toBe('follow');
    expect(onNewerMessages({ nearBottom: false, ownSend: false })).toBe('count');
  });

  it('count as read within a few lines of the bottom', () => {
    expect(isNearBottom({ scrollTop: 920, scrollHeight: 1500, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 900, scrollHeight: 1500, clientHeight: 500 })).toBe(false);
  });
});

describe('the messages a long conversation holds in the page', () => {
  // Ten messages of 100 px with 10 px between: message i spans [110 i, 110 i + 100].
  const heights = Array.from({ length: 10 }, () => 100);

  it('are those within the overscan of the view, by each message’s height and the gaps', () => {
    expect(messageWindow({ heights, gap: 10, viewTop: 440, viewBottom: 660, overscan: 0 })).toEqual({ start: 4, end: 7 });
    expect(messageWindow({ heights, gap: 10, viewTop: 440, viewBottom: 660, overscan: 110 })).toEqual({ start: 3, end: 8 });
  });

  it('reach the oldest and the newest message at the ends, and keep the last one past the end', () => {
    expect(messageWindow({ heights, gap: 10, viewTop: 0, viewBottom: 200, overscan: 500 })).toEqual({ start: 0, end: 7 });
    expect(messageWindow({ heights, gap: 10, viewTop: 900, viewBottom: 1090, overscan: 100 })).toEqual({ start: 7, end: 10 });
    expect(messageWindow({ heights, gap: 10, viewTop: 5000, viewBottom: 5200, overscan: 0 })).toEqual({ start: 9, end: 10 });
    expect(messageWindow({ heights: [], gap: 10, viewTop: 0, viewBottom: 200, overscan: 0 })).toEqual({ start: 0, end: 0 });
  });

  it('leave spacers of the others’ heights and the gaps between them', () => {
    expect(spacerHeight([100, 50, 70], 10, 0, 2)).toBe(160);
    expect(spacerHeight([100, 50, 70], 10, 2, 3)).toBe(70);
    expect(spacerHeight([100, 50, 70], 10, 1, 1)).toBe(0);
  });

  it('keep the heights measured at a width, for the last widths, so a width seen again finds them', () => {
    const byWidth = new Map<number, Map<number, number>>();
    heightsAtWidth(byWidth, 800).set(1, 82);
    // A moment narrower, where the messages wrap onto more lines, then back.
    heightsAtWidth(byWidth, 160).set(1, 310);
    expect(heightsAtWidth(byWidth, 800).get(1)).toBe(82);
    expect(heightsAtWidth(byWidth, 160).get(1)).toBe(310);
    // A window dragged through many widths forgets the ones least recently seen, not the one just used.
    for (let width = 900; width < 900 + KEPT_WIDTHS; width += 1) heightsAtWidth(byWidth, width);
    expect([...byWidth.keys()]).toEqual(Array.from({ length: KEPT_WIDTHS }, (_, index) => 900 + index));
    expect(heightsAtWidth(byWidth, 800).size).toBe(0);
  });
});

describe('the messages in reading order', () => {
  it('puts the oldest at top across pages, once each', () => {
    const pages = [
      { messages: [message(5), message(4), message(3)], nextBefore: 3 },
      // A message that moved to the next page while it was read shows once.
      { messages: [message(3), message(2), message(1)], nextBefore: null },
    ];
    expect(messagesInOrder(pages).map((each) => each.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows a send not answered yet as the store’s, pending, with an id no server message has', () => {
    const optimistic = optimisticMessage({ clientId: 'a', conversationId: 1, text: 'Hola', at: new Date(NOW).toISOString() }, 0);
    expect(optimistic).toMatchObject({ id: -1, direction: 'outbound', status: 'pending', text: 'Hola' });
  });
});

describe('a template’s values', () => {
  const template: ConversationTemplate = {
    id: 1,
    name: 'pedido',
    category: 'UTILITY',
    headerFormat: 'NONE',
    headerText: null,
    body: 'Hola {{client_first_name}}, tu pedido {{text_1}} va en camino.',
    footer: null,
    buttons: [],
    variables: [
      { name: 'client_first_name', type: 'CLIENT_FIRST_NAME', value: 'Ana' },
      { name: 'text_1', type: 'TEXT', value: null },
    ],
    blocked: null,
  };

  it('shows the customer’s data until the merchant types over it', () => {
    expect(templateValues(template, {})).toEqual({ client_first_name: 'Ana', text_1: '' });
    expect(templateValues(template, { client_first_name: 'Anita', text_1: '10' })).toEqual({ client_first_name: 'Anita', text_1: '10' });
  });

  it('counts as missing what neither the customer’s data nor the merchant fills, spaces included', () => {
    expect(missingValues(template, {})).toEqual(['text_1']);
    expect(missingValues(template, { text_1: '   ' })).toEqual(['text_1']);
    expect(missingValues(template, { client_first_name: '', text_1: '10' })).toEqual(['client_first_name']);
    expect(missingValues(template, { text_1: '10' })).toEqual([]);
  });

  it('sends every value shown, trimmed', () => {
    expect(valuesToSend(template, { text_1: ' 10234 ' })).toEqual({ client_first_name: 'Ana', text_1: '10234' });
  });
});
