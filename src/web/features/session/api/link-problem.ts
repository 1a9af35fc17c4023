import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { whenKnown } from '../../../api/store-query';

/**
 * Why an emailed link no longer works, read from the server's 410: its `code`, when it is one of
 * `problems` (the contract's list, so a code it adds fails the type check of the caller's record).
 */
export function linkProblemOf<Problem extends string>(error: unknown, problems: Record<Problem, unknown>): Problem | null {
  if (!(error instanceof ApiError) || error.status !== 410) return null;
  const code = error.code;
  return code !== undefined && Object.hasOwn(problems, code) ? (code as Problem) : null;
}

/**
 * The check of an emailed link, made before signing in: a link without a token asks nothing, and a used
 * or expired one answers 410, which asking again would not change.
 */
export function emailedLinkQuery<T, Key extends QueryKey>(
  queryKey: Key,
  token: string,
  request: (token: string, signal: AbortSignal) => Promise<T>,
) {
  return queryOptions({
    queryKey,
    queryFn: whenKnown([token || null], ([token], signal) => request(token, signal)),
    retry: false,
    staleTime: Infinity,
  });
}
