/*
 * Klaviyo's rate limits as its guide describes them: per account and endpoint, fixed windows of one
 * second (burst) and one minute (steady), a few endpoints with a daily cap too. Past any of them the
 * call answers 429 with Retry-After: the seconds until that window ends.
 */

export interface Limit {
  burst: number;
  steady: number;
  daily?: number;
}

/** The endpoints the sandbox serves, each with its limit as Klaviyo's reference gives it. */
export const DEFAULT_LIMITS = {
  getLists: { burst: 75, steady: 750 },
  getList: { burst: 75, steady: 750 },
  createList: { burst: 10, steady: 150, daily: 150 },
  updateList: { burst: 10, steady: 150 },
  deleteList: { burst: 10, steady: 150 },
  listMembers: { burst: 75, steady: 750 },
  listProfiles: { burst: 75, steady: 750 },
  changeListMembers: { burst: 10, steady: 150 },
  createProfile: { burst: 75, steady: 700 },
  getProfile: { burst: 75, steady: 750 },
  getProfiles: { burst: 75, steady: 750 },
  updateProfile: { burst: 75, steady: 750 },
  importProfile: { burst: 75, steady: 750 },
  subscribeProfiles: { burst: 75, steady: 750 },
  createImport: { burst: 10, steady: 150 },
  readImport: { burst: 10, steady: 150 },
} satisfies Record<string, Limit>;

export type Endpoint = keyof typeof DEFAULT_LIMITS;

const WINDOWS = [
  { key: 'burst', ms: 1000 },
  { key: 'steady', ms: 60_000 },
  { key: 'daily', ms: 86_400_000 },
] as const;

export type RateDecision =
  | { allowed: true; limit: number; remaining: number; resetSeconds: number }
  | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(accountId: string, endpoint: Endpoint): RateDecision;
}

export function createRateLimiter(now: () => number, overrides: Partial<Record<Endpoint, Limit>> = {}): RateLimiter {
  const counts = new Map<string, number>();
  return {
    take(accountId, endpoint) {
      const limit: Limit = overrides[endpoint] ?? DEFAULT_LIMITS[endpoint];
      const at = now();
      const windows = WINDOWS.flatMap(({ key, ms }) => {
        const allowed = limit[key];
        if (allowed === undefined) return [];
        const start = Math.floor(at / ms) * ms;
        const id = `${accountId}:${endpoint}:${key}:${start}`;
        return [{ key, id, allowed, used: counts.get(id) ?? 0, endsIn: start + ms - at }];
      });
      const full = windows.filter((window) => window.used >= window.allowed);
      if (full.length > 0) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...full.map((window) => window.endsIn)) / 1000)) };
      }
      for (const window of windows) counts.set(window.id, window.used + 1);
      // Windows that ended are forgotten as new ones open (the map stays small).
      if (counts.size > 10_000) for (const id of [...counts.keys()].slice(0, 5000)) counts.delete(id);
      const steady = windows.find((window) => window.key === 'steady')!;
      return {
        allowed: true,
        limit: steady.allowed,
        remaining: steady.allowed - steady.used - 1,
        resetSeconds: Math.ceil(steady.endsIn / 1000),
      };
    },
  };
}
