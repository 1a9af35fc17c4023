import type { Queryable } from '../../platform/database/db.ts';

/** An answer as computed once: the body, and its JSON sent as is to every caller that asks again. */
export interface Answer<T extends object = object> {
  body: T;
  json: string;
}

export interface AnswerCacheLimits {
  /** Answers kept at most (each store, version, day and question is one). */
  entries: number;
  /** Characters of JSON kept at most, so a few long series cannot grow memory either. */
  chars: number;
}

const DEFAULT_LIMITS: AnswerCacheLimits = { entries: 4000, chars: 32_000_000 };

/**
 * The dashboard's answers, kept in this process under a key that names everything they depend on
 * (handlers.ts builds it: store, data version, the store's today and currency, operation and
 * question). A key is never updated, only replaced by a newer one, so an entry can be served without
 * asking whether it is still right; old keys fall out of the least recently used end.
 *
 * Concurrent misses of one key share a single computation: 200 people opening the dashboard together
 * after an import compute each figure once.
 */
export class AnswerCache {
  /** Answers computed so far (misses), for tests and benchmarks. */
  computed = 0;
  private readonly entries = new Map<string, { answer: Promise<Answer>; chars: number }>();
  private chars = 0;

  constructor(private readonly limits: AnswerCacheLimits = DEFAULT_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  answer<T extends object>(key: string, compute: () => Promise<T>): Promise<Answer<T>> {
    const found = this.entries.get(key);
    if (found) {
      // A Map iterates in insertion order: re-inserting makes this the most recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.answer as Promise<Answer<T>>;
    }
    this.computed += 1;
    const entry = { answer: compute().then((body): Answer => ({ body, json: JSON.stringify(body) })), chars: 0 };
    this.entries.set(key, entry);
    entry.answer.then(
      (answer) => {
        if (this.entries.get(key) !== entry) return;
        entry.chars = answer.json.length;
        this.chars += entry.chars;
        this.trim();
      },
      // A failure is not kept: the next call computes again.
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    this.trim();
    return entry.answer as Promise<Answer<T>>;
  }

  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.chars <= this.limits.chars) return;
      this.entries.delete(key);
      this.chars -= entry.chars;
    }
  }
}

const caches = new WeakMap<Queryable, AnswerCache>();

/**
 * The cache of one database's answers: one per process in production. Keyed by the database so that
 * two databases in one process (tests) never share answers, whose keys would otherwise collide.
 */
export function answerCacheOf(db: Queryable): AnswerCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new AnswerCache()));
  return cache;
}
