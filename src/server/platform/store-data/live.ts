import type { components } from '../../../shared/api/app.gen.ts';
import type { Database, Queryable } from '../database/db.ts';

/*
 * The live channel (ARCHITECTURE.md "How data flows", 8): what changed in a store reaches its open tabs
 * as server-sent events, from whichever server process the change happened in.
 *
 * A writer publishes with `publishLive` in the transaction that made the change: the event becomes the
 * store's next number (migration 0030), visible when the change is. Each process keeps one `LiveHub`,
 * which reads the new events of the stores it has streams open for, every `pollMs`, from the database
 * itself: any process serves any tab, on PostgreSQL and on embedded PGlite alike (where LISTEN/NOTIFY
 * cannot reach another process, and a poll of one indexed range costs next to nothing). A stream that
 * resumes (`Last-Event-ID`) is sent what it missed in order, or told to ask for everything again when
 * that is older than what is kept.
 */

export type LiveEvent = components['schemas']['LiveEvent'];

export interface LiveDelivery {
  /** The store's event number: the stream's event id. */
  seq: number;
  /** Null only first, to say where the stream starts: a reconnection resumes from there even if nothing came. */
  event: LiveEvent | null;
}

/**
 * Records `events` for the store's open tabs, in the writer's transaction `tx`. Call it last in the
 * transaction: the store's cursor row stays locked until the commit, so others publishing for the same
 * store wait for it.
 */
export async function publishLive(tx: Queryable, storeId: number, ...events: LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `with cursor as (
       insert into live_cursors (store_id, seq) values ($1, $3) on conflict (store_id) do update set seq = live_cursors.seq + $3
       returning seq
     )
     insert into live_events (store_id, seq, event)
     select $1, cursor.seq - $3 + e.n, e.event from cursor, unnest($2::jsonb[]) with ordinality as e(event, n)`,
    [storeId, events.map((event) => JSON.stringify(event)), events.length],
  );
}

/** An event as kept: its number and what it says. */
interface KeptEvent {
  seq: number;
  event: LiveEvent;
}

/** Where the store's stream stands now: the id of its newest event ('0' before any). */
export async function livePosition(db: Queryable, storeId: number): Promise<string> {
  const [row] = await db.query<{ seq: string }>('select seq::text from live_cursors where store_id = $1', [storeId]);
  return row?.seq ?? '0';
}

export interface LiveHubOptions {
  /** How often the stores with open streams are read for new events. */
  pollMs?: number;
  /** The most events one read takes; a stream further behind is told to ask for everything again. */
  batchSize?: number;
}

const DEFAULT_POLL_MS = 250;
/**
 * A new tab is also sent what happened this long before it connected: its first reads and its stream
 * start at about the same time, and news of a change it read the state before would otherwise be lost.
 */
const NEW_TAB_LOOKBACK_SECONDS = 10;
const DEFAULT_BATCH_SIZE = 500;

/** One open stream: it receives every event of its store after `delivered`, once and in order. */
class Listener {
  /** Events read ahead of a gap (one that arrived before an earlier one was read for this stream). */
  private readonly ahead = new Map<number, LiveEvent>();
  private catchingUp = false;
  closed = false;

  constructor(
    readonly storeId: number,
    public delivered: number,
    private readonly send: (delivery: LiveDelivery) => void,
    private readonly read: (storeId: number, after: number) => Promise<KeptEvent[]>,
  ) {}

  offer(deliveries: KeptEvent[]): void {
    for (const { seq, event } of deliveries) if (seq > this.delivered) this.ahead.set(seq, event);
    this.flush();
    if (this.ahead.size > 0) void this.catchUp();
  }

  /** Reads what this stream missed (it opened behind the hub, or events came ahead of a gap). */
  async catchUp(): Promise<void> {
    if (this.catchingUp || this.closed) return;
    this.catchingUp = true;
    let more = false;
    try {
      const missed = await this.read(this.storeId, this.delivered);
      const next = missed[0]?.seq ?? (this.ahead.size > 0 ? Math.min(...this.ahead.keys()) : null);
      // What it missed is no longer kept: the tab asks for everything again, and goes on from there.
      if (next !== null && next > this.delivered + 1) this.resync(next - 1);
      for (const { seq, event } of missed) if (seq > this.delivered) this.ahead.set(seq, event);
      this.flush();
      more = missed.length > 0 && this.ahead.size > 0;
    } catch (error) {
      // The hub's next read brings this stream's events again, and with them another try.
      console.error(`No pudimos leer los eventos en vivo: ${(error as Error).message}`);
    } finally {
      this.catchingUp = false;
    }
    if (more && !this.closed) void this.catchUp();
  }

  resync(upTo: number): void {
    this.delivered = upTo;
    this.send({ seq: upTo, event: { topic: 'resync' } });
  }

  private flush(): void {
    for (let next = this.ahead.get(this.delivered + 1); next && !this.closed; next = this.ahead.get(this.delivered + 1)) {
      this.ahead.delete(this.delivered + 1);
      this.delivered += 1;
      this.send({ seq: this.delivered, event: next });
    }
    for (const seq of this.ahead.keys()) if (seq <= this.delivered) this.ahead.delete(seq);
  }
}

interface StoreStreams {
  /** The newest event the hub has read for the store. */
  cursor: number;
  listeners: Set<Listener>;
}

/** One per process: reads the new events of the stores that have open streams, and hands them out. */
export class LiveHub {
  private readonly stores = new Map<number, StoreStreams>();
  private readonly pollMs: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | null = null;
  private reading = false;
  private closed = false;

  constructor(
    private readonly db: Database,
    options: LiveHubOptions = {},
  ) {
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /** Streams open in this process. */
  get openStreams(): number {
    let count = 0;
    for (const streams of this.stores.values()) count += streams.listeners.size;
    return count;
  }

  /**
   * Opens a stream of the store's events after `lastEventId` (a resuming tab), or after the newest one
   * (a new tab). Returns what closes it.
   */
  async open(storeId: number, lastEventId: number | null, send: (delivery: LiveDelivery) => void): Promise<() => void> {
    const [state] = await this.db.query<{ cursor: string | null; oldest: string | null; recent: string | null }>(
      `select (select seq from live_cursors where store_id = $1)::text as cursor,
              (select min(seq) from live_events where store_id = $1)::text as oldest,
              (select min(seq) from live_events where store_id = $1 and published_at >= now() - make_interval(secs => $2))::text as recent`,
      [storeId, NEW_TAB_LOOKBACK_SECONDS],
    );
    const current = Number(state?.cursor ?? 0);
    const oldest = state?.oldest == null ? current + 1 : Number(state.oldest);
    const listener = new Listener(storeId, state?.recent == null ? current : Number(state.recent) - 1, send, (id, after) =>
      this.read(id, after),
    );
    // A number from the future (another database) or from before what is kept: ask for everything again.
    if (lastEventId !== null && (lastEventId > current || lastEventId + 1 < oldest || current - lastEventId > this.batchSize))
      listener.resync(current);
    else {
      if (lastEventId !== null) listener.delivered = lastEventId;
      send({ seq: listener.delivered, event: null });
    }
    let streams = this.stores.get(storeId);
    if (!streams) {
      streams = { cursor: listener.delivered, listeners: new Set() };
      this.stores.set(storeId, streams);
    }
    streams.listeners.add(listener);
    if (streams.cursor > listener.delivered) void listener.catchUp();
    this.schedule();
    return () => {
      listener.closed = true;
      streams.listeners.delete(listener);
      if (streams.listeners.size === 0 && this.stores.get(storeId) === streams) this.stores.delete(storeId);
    };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stores.clear();
  }

  private schedule(delay = this.pollMs): void {
    if (this.timer || this.reading || this.closed || this.stores.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delay);
    // Open streams keep the server's sockets, not the process, alive.
    this.timer.unref();
  }

  /** One read of every store with open streams; again at once while a read comes back full. */
  private async poll(): Promise<void> {
    this.reading = true;
    let full = false;
    try {
      const watched = [...this.stores.entries()];
      const rows = await this.db.query<{ store_id: number; seq: string; event: LiveEvent }>(
        `select e.store_id, e.seq::text, e.event
           from unnest($1::integer[], $2::bigint[]) as c(store_id, seq)
           join live_events e on e.store_id = c.store_id and e.seq > c.seq
          order by e.store_id, e.seq
          limit $3`,
        [watched.map(([storeId]) => storeId), watched.map(([, streams]) => streams.cursor), this.batchSize],
      );
      full = rows.length === this.batchSize;
      const byStore = new Map<number, KeptEvent[]>();
      for (const row of rows) {
        const deliveries = byStore.get(row.store_id) ?? [];
        deliveries.push({ seq: Number(row.seq), event: row.event });
        byStore.set(row.store_id, deliveries);
      }
      for (const [storeId, deliveries] of byStore) {
        const streams = this.stores.get(storeId);
        if (!streams) continue;
        streams.cursor = Math.max(streams.cursor, deliveries.at(-1)!.seq);
        for (const listener of streams.listeners) listener.offer(deliveries);
      }
    } catch (error) {
      // The next read tries again; a database that stays away shows in every other request too.
      console.error(`No pudimos leer los eventos en vivo: ${(error as Error).message}`);
    } finally {
      this.reading = false;
    }
    this.schedule(full ? 0 : this.pollMs);
  }

  private async read(storeId: number, after: number): Promise<KeptEvent[]> {
    const rows = await this.db.query<{ seq: string; event: LiveEvent }>(
      `select seq::text, event from live_events where store_id = $1 and seq > $2 order by seq limit $3`,
      [storeId, after, this.batchSize],
    );
    return rows.map((row) => ({ seq: Number(row.seq), event: row.event }));
  }
}
