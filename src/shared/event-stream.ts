/**
 * Reads a `text/event-stream` body as its chunks arrive, the way the HTML standard's EventSource does
 * (event names aside: ours are all messages). An `id` field moves the stream's last event id even on a
 * block without data, which is how the server says where a quiet stream stands.
 */

export interface StreamMessage {
  /** The stream's last event id once this message arrived. */
  lastEventId: string;
  data: string;
}

export class EventStreamParser {
  /** What the stream said last about where it stands; a reconnection sends it back as `Last-Event-ID`. */
  lastEventId = '';
  /** The wait before reconnecting, when the server asked for one (`retry`). */
  retryMs: number | null = null;
  private buffer = '';
  private afterCarriageReturn = false;
  private data: string[] = [];
  private id: string | null = null;

  /** Takes the next chunk of text; answers the messages it completed. */
  push(chunk: string): StreamMessage[] {
    // A line ends at \n, \r\n or \r: a chunk that ended on \r has ended its line, and a \n that follows is its other half.
    this.buffer += this.afterCarriageReturn && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    this.afterCarriageReturn = chunk.endsWith('\r');
    const messages: StreamMessage[] = [];
    for (let match = /\r\n|\r|\n/.exec(this.buffer); match; match = /\r\n|\r|\n/.exec(this.buffer)) {
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      if (line === '') {
        const message = this.dispatch();
        if (message) messages.push(message);
      } else this.field(line);
    }
    return messages;
  }

  private field(line: string): void {
    if (line.startsWith(':')) return; // a comment: the server keeping the connection alive
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') this.data.push(value);
    else if (name === 'id' && !value.includes('\0')) this.id = value;
    else if (name === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
  }

  private dispatch(): StreamMessage | null {
    if (this.id !== null) this.lastEventId = this.id;
    this.id = null;
    const data = this.data;
    this.data = [];
    return data.length === 0 ? null : { lastEventId: this.lastEventId, data: data.join('\n') };
  }
}
