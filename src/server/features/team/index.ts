import type { ServerFeature } from '../../platform/feature.ts';
import { teamHandlers } from './handlers.ts';

/** The store's collaborators and invitations (SPEC §2 Team). */
export const teamFeature: ServerFeature = {
  name: 'team',
  start: ({ index }) => ({ app: teamHandlers(index) }),
};
