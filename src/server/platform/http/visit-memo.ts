import type { Visit } from '../security/sessions.ts';

/** How long a read visit may be reused. */
export const VISIT_MEMO_MS = 1000;
const MAX_VISITS = 10_000;

/**
 * The gate's recent reads of `readSessionInStore`, per (session, store), reused by read-only calls for
 * at most one second. On PGlite's single connection every query waits for the ones before it, and at
 * a few hundred concurrent dashboard users that queue, not the queries, was the latency.
 *
 * The bound this gives: in this process every state-changing request (and so every sign-out, role or
 * membership change, investment…) empties the memo before its response leaves, so the next call reads
 * the database. Across processes, and for the import and nightly jobs that write outside a request, a
 * revoked session, a lost membership or a new data version is seen within 1 s. State-changing calls
 * never use the memo: they are always authorised against the database.
 */
export class VisitMemo {
  /** The clock, in milliseconds; tests replace it to move time. */
  now: () => number = () => performance.now();
  private readonly visits = new Map<string, { visit: Visit; expires: number }>();
  private readonly reading = new Map<string, Promise<Visit | null>>();
  // Counts clears, so a read that began before one is not stored after it (it may predate the write).
  private generation = 0;

  read(token: string, storeId: number | null, load: () => Promise<Visit | null>): Promise<Visit | null> {
    const key = `${storeId ?? ''}:${token}`;
    const started = this.now();
    const found = this.visits.get(key);
    if (found && found.expires > started) return Promise.resolve(found.visit);
    // The calls of one session that arrive while its visit is being read share that read.
    let reading = this.reading.get(key);
    if (!reading) {
      reading = this.load(key, started, load);
      this.reading.set(key, reading);
    }
    return reading;
  }

  private async load(key: string, started: number, load: () => Promise<Visit | null>): Promise<Visit | null> {
    const generation = this.generation;
    try {
      const visit = await load();
      if (visit && generation === this.generation) {
        this.visits.delete(key);
        this.visits.set(key, { visit, expires: started + VISIT_MEMO_MS });
        // A Map iterates oldest first: the least recently read visit goes when there are too many.
        if (this.visits.size > MAX_VISITS) this.visits.delete(this.visits.keys().next().value!);
      }
      return visit;
    } finally {
      if (generation === this.generation) this.reading.delete(key);
    }
  }

  clear(): void {
    this.generation += 1;
    this.visits.clear();
    this.reading.clear();
  }
}
