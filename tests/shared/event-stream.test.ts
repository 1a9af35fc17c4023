import { describe, expect, it } from 'vitest';
import { EventStreamParser } from '../../src/shared/event-stream';

describe('EventStreamParser', () => {
  it('reads messages split anywhere across chunks, with any line ending', () => {
    const parser = new EventStreamParser();
    const text = 'retry: 2000\r\n\r\nid: 7\ndata: {"topic":\ndata: "storeSync"}\n\n: still here\r\rid: 8\rdata: x\r\r';
    const messages = [...text].flatMap((character) => parser.push(character));
    expect(messages).toEqual([
      { lastEventId: '7', data: '{"topic":\n"storeSync"}' },
      { lastEventId: '8', data: 'x' },
    ]);
    expect(parser.retryMs).toBe(2000);
  });

  it('moves the last event id on a block without data, and keeps it for later messages without one', () => {
    const parser = new EventStreamParser();
    expect(parser.push('id: 41\n\n')).toEqual([]);
    expect(parser.lastEventId).toBe('41');
    expect(parser.push('data: a\n\n')).toEqual([{ lastEventId: '41', data: 'a' }]);
    // A field without a colon has an empty value; an unknown field and a bad retry change nothing.
    expect(parser.push('data\nevent: other\nretry: soon\n\n')).toEqual([{ lastEventId: '41', data: '' }]);
    expect(parser.retryMs).toBeNull();
  });

  it('waits for the blank line before it hands a message over', () => {
    const parser = new EventStreamParser();
    expect(parser.push('id: 1\ndata: half')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ lastEventId: '1', data: 'half' }]);
  });
});
