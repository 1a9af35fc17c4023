import type { QueryClient } from '@tanstack/react-query';
import { can } from '../../../shared/permissions';
import type { Role } from '../../api/session';
import { subscriptionQueryOptions } from '../../features/account/api/subscription';
import { acquisitionCostQueryOptions } from '../../features/dashboard/api/acquisition-cost';
import { integrationsQueryOptions } from '../../features/integrations/api/integrations';
import { integrationsRoutes } from '../../features/integrations/routes';
import { storeTeamQueryOptions } from '../../features/team/api/store-team';
import { INTEGRATIONS_PATH } from '../../lib/paths';
import { mayOpen } from '../../lib/routes';

/** The data each step reads, asked for only by roles that can take the step. */
export function stepQueries(role: Role | undefined, storeId: number | undefined, currentYear: number) {
  return {
    integrations: {
      ...integrationsQueryOptions(storeId),
      enabled: role !== undefined && mayOpen(integrationsRoutes.routes, role, INTEGRATIONS_PATH),
    },
    subscription: { ...subscriptionQueryOptions(storeId), enabled: can(role, 'subscribe') },
    acquisition: { ...acquisitionCostQueryOptions(storeId, currentYear), enabled: can(role, 'setMarketingInvestment') },
    team: { ...storeTeamQueryOptions(storeId), enabled: can(role, 'inviteCollaborator') && can(role, 'listStoreMembers') },
  };
}

/**
 * Asks for the guide's data while the app starts (see `preloadPageAt`), for the year the browser is in.
 * Apart from the guide's code, so that it comes with the app's and the requests go out as soon as the
 * session names the store.
 */
export function prefetchFirstSteps(queryClient: QueryClient, role: Role, storeId: number): void {
  const queries = stepQueries(role, storeId, new Date().getFullYear());
  if (queries.integrations.enabled) void queryClient.prefetchQuery(queries.integrations);
  if (queries.subscription.enabled) void queryClient.prefetchQuery(queries.subscription);
  if (queries.acquisition.enabled) void queryClient.prefetchQuery(queries.acquisition);
  if (queries.team.enabled) void queryClient.prefetchQuery(queries.team);
}
