import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../shared/api/app.gen';
import { appClient } from './clients';
import { ApiError, errorBodyOf } from './errors';
import { userKeys } from './keys';

export type SessionUser = components['schemas']['SessionUser'];
export type Role = components['schemas']['Role'];

/**
 * SPEC §7: the signed-in user, `null` on 204 (no session). Any other non-OK status throws an
 * ApiError carrying it; a network failure throws one with status 0.
 */
export async function fetchSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  const { data, error, response } = await appClient.GET('/auth/me', { signal });
  if (response.status === 204) return null;
  if (!response.ok || error !== undefined || data === undefined) {
    throw new ApiError(response.status, errorBodyOf(error));
  }
  return data;
}

/** The session is read once per page load; a failure redirects (SPEC §2), so no retries. */
export const sessionQueryOptions = queryOptions({
  queryKey: userKeys.session(),
  queryFn: ({ signal }) => fetchSessionUser(signal),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});
