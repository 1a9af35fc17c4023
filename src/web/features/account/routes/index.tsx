import type { ComponentType } from 'react';
import { ACCOUNT_PATH } from '../../../lib/paths';
import { ALL_ROLES, type FeatureRoutes, lazyExport, type PagePart, type PageRoute, pageTexts, withPart } from '../../../lib/routes';
import { CHANGE_PLAN_PATH, PAYMENT_METHOD_PATH } from './paths';
import { prefetchAccount, prefetchChangePlan } from './prefetch-account';

export interface AccountParts {
  /** The account page's "Tienda" tab: the team's screen, which the app hands in. */
  storeTab: PagePart<ComponentType>;
}

const namespaces = pageTexts('account', 'cancelSubscription', 'collaborators');

/** The person's account, the store's subscription and its payment (SPEC §2 Account). */
export function accountRoutes({ storeTab }: AccountParts): FeatureRoutes {
  return {
    routes: [
      {
        path: ACCOUNT_PATH,
        title: 'account',
        roles: ALL_ROLES,
        namespaces,
        page: withPart(
          lazyExport(() => import('./account-route'), 'AccountRoute'),
          storeTab,
          (AccountRoute, StoreTab) => () => <AccountRoute storeTab={<StoreTab />} />,
        ),
        prefetch: (queryClient, start) => {
          prefetchAccount(queryClient);
          storeTab.prefetch?.(queryClient, start);
        },
      },
      {
        path: CHANGE_PLAN_PATH,
        title: 'changePlan',
        roles: ALL_ROLES,
        namespaces,
        page: lazyExport(() => import('./change-plan-route'), 'ChangePlanRoute'),
        prefetch: (queryClient, { storeId }) => prefetchChangePlan(queryClient, storeId),
      },
      {
        path: PAYMENT_METHOD_PATH,
        title: 'paymentMethod',
        roles: ['admin', 'user', 'colaborator'],
        namespaces,
        page: lazyExport(() => import('./payment-method-route'), 'PaymentMethodRoute'),
      },
    ] satisfies PageRoute[],
  };
}
