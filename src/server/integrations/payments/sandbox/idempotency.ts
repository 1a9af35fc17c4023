import { canonicalForm, type FormObject } from './form.ts';
import { invalidRequest, StripeApiError } from './stripe-errors.ts';

/*
 * Idempotent POSTs as Stripe keeps them: the first answer to a key (per API key) is kept for 24 hours
 * and replayed to a request with the same endpoint and parameters; the key sent with anything else is
 * refused. A request refused before it ran (bad parameters, a missing object) leaves nothing behind,
 * so the corrected request may use the same key; a decline or a server error is kept, as Stripe does.
 */

const KEPT_FOR_MS = 24 * 3_600_000;
const MAX_KEY_LENGTH = 255;

export interface StoredAnswer {
  status: number;
  /** The answer's body as it was sent. */
  body: string;
  /** The request that produced it (Stripe's `Original-Request`). */
  requestId: string;
}

interface Entry {
  endpoint: string;
  params: string;
  storedAt: number;
  answer: StoredAnswer;
}

const conflict = (message: string, key: string) =>
  new StripeApiError(400, {
    type: 'idempotency_error',
    message: `${message} Try using a key other than '${key}' if you meant to execute a different request.`,
  });

const kept = (status: number) => status < 400 || status === 402 || status >= 500;

export type Idempotency = ReturnType<typeof createIdempotency>;

export function createIdempotency(now: () => number) {
  const entries = new Map<string, Entry>();

  /** Drops answers older than a day; entries are in the order they were stored. */
  function forgetOld() {
    const cutoff = now() - KEPT_FOR_MS;
    for (const [name, entry] of entries) {
      if (entry.storedAt >= cutoff) return;
      entries.delete(name);
    }
  }

  return {
    /** The answer to replay for this key, null when it is new; throws when the key was used for another request. */
    replay(apiKey: string, key: string, endpoint: string, params: FormObject): StoredAnswer | null {
      if (key.length > MAX_KEY_LENGTH) throw invalidRequest(`Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters long.`);
      forgetOld();
      const entry = entries.get(`${apiKey} ${key}`);
      if (!entry) return null;
      if (entry.endpoint !== endpoint)
        throw conflict(
          `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.endpoint}' vs '${endpoint}').`,
          key,
        );
      if (entry.params !== canonicalForm(params))
        throw conflict('Keys for idempotent requests can only be used with the same parameters they were first used with.', key);
      return entry.answer;
    },

    save(apiKey: string, key: string, endpoint: string, params: FormObject, answer: StoredAnswer) {
      if (kept(answer.status)) entries.set(`${apiKey} ${key}`, { endpoint, params: canonicalForm(params), storedAt: now(), answer });
    },
  };
}
