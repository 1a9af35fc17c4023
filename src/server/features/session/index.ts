import type { ServerFeature } from '../../platform/feature.ts';
import { accountSecurityHandlers } from './account-security.ts';
import { sessionHandlers } from './handlers.ts';

/** Signing in and out, sign-up, password resets, and the account's security (SPEC §7 auth). */
export const sessionFeature: ServerFeature = {
  name: 'session',
  start: ({ index }) => ({ app: { ...sessionHandlers(index), ...accountSecurityHandlers } }),
};
