import type { AdAccountUsageHeader, AppUsageHeader, BusinessUseCaseUsageHeader } from '../types.ts';

/*
 * Meta's rate limits, simplified to fixed windows of calls: per app (platform rate limiting, refused
 * with code 4) and per business (business use case `ads_management`, refused with code 80004), and per
 * ad account for the calls about one. Every answer reports the usage in Meta's headers, in percent of
 * the allowance. From the call that spends an allowance on, `estimated_time_to_regain_access` says in
 * how many minutes the window ends (Meta says it once throttled; saying it one call earlier lets a
 * client wait instead of earning the refusal). Refused calls count too, as Meta's do.
 *
 * The ad account's allowance is its own (`adAccountCalls`): when it is spent and the business's is not,
 * the refusal is Meta's ad-account throttle (code 17, subcode 2446079) and only X-Ad-Account-Usage
 * says when to come back (`reset_time_duration`, seconds).
 */

export interface MetaRateLimits {
  /** The window, in seconds (default an hour, as Meta's allowances). */
  windowSeconds?: number;
  /** Calls per window per business (default 10,000). */
  businessCalls?: number;
  /** Calls per window per ad account (default the business's). */
  adAccountCalls?: number;
  /** Calls per window per app (default 50,000). */
  appCalls?: number;
}

const DEFAULTS = { windowSeconds: 3600, businessCalls: 10_000, appCalls: 50_000 };

export interface Metered {
  allowed: boolean;
  /** Whose allowance refused the call. */
  limit?: 'business' | 'adAccount';
  headers: Record<string, string>;
}

export type UsageMeter = ReturnType<typeof createUsageMeter>;

export function createUsageMeter(now: () => number, limits: MetaRateLimits = {}) {
  const windowMs = (limits.windowSeconds ?? DEFAULTS.windowSeconds) * 1000;
  const businessCalls = limits.businessCalls ?? DEFAULTS.businessCalls;
  const adAccountCalls = limits.adAccountCalls ?? businessCalls;
  const appCalls = limits.appCalls ?? DEFAULTS.appCalls;
  const counts = new Map<string, number>();

  /** Counts a call in the current window: whether it was within the allowance, the percent used and the ms left. */
  function take(key: string, allowance: number) {
    const at = now();
    const start = Math.floor(at / windowMs) * windowMs;
    const id = `${key}:${start}`;
    const used = (counts.get(id) ?? 0) + 1;
    counts.set(id, used);
    // Ended windows are forgotten as new ones open, so the map stays small.
    if (counts.size > 10_000) for (const old of [...counts.keys()].slice(0, 5000)) counts.delete(old);
    return {
      allowed: used <= allowance,
      pct: Math.floor((used * 100) / allowance),
      spent: used >= allowance,
      msLeft: start + windowMs - at,
    };
  }

  return {
    app(appId: string): Metered {
      const { allowed, pct } = take(`app:${appId}`, appCalls);
      const header: AppUsageHeader = { call_count: pct, total_cputime: Math.floor(pct / 2), total_time: Math.floor(pct / 2) };
      return { allowed, headers: { 'x-app-usage': JSON.stringify(header) } };
    },

    business(businessId: string, adAccountId: string | null): Metered {
      const business = take(`business:${businessId}`, businessCalls);
      const account = adAccountId ? take(`account:${adAccountId}`, adAccountCalls) : null;
      const minutes = business.spent ? Math.max(1, Math.ceil(business.msLeft / 60_000)) : 0;
      const usage: BusinessUseCaseUsageHeader = {
        [businessId]: [
          {
            type: 'ads_management',
            call_count: business.pct,
            total_cputime: Math.floor(business.pct / 2),
            total_time: Math.floor(business.pct / 2),
            estimated_time_to_regain_access: minutes,
          },
        ],
      };
      const headers: Record<string, string> = { 'x-business-use-case-usage': JSON.stringify(usage) };
      if (account) {
        const accountUsage: AdAccountUsageHeader = {
          acc_id_util_pct: account.pct,
          reset_time_duration: account.spent ? Math.ceil(account.msLeft / 1000) : 0,
          ads_api_access_tier: 'standard_access',
        };
        headers['x-ad-account-usage'] = JSON.stringify(accountUsage);
      }
      if (!business.allowed) return { allowed: false, limit: 'business', headers };
      if (account && !account.allowed) return { allowed: false, limit: 'adAccount', headers };
      return { allowed: true, headers };
    },
  };
}
