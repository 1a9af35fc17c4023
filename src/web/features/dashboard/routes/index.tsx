import type { ComponentType, ReactNode } from 'react';
import { HOME_PATH } from '../../../lib/paths';
import { ALL_ROLES, type FeatureRoutes, lazyExport, type PagePart, type PageRoute, pageTexts, withPart } from '../../../lib/routes';
import type { WhatsappCampaignsSectionProps } from '../screens/whatsapp-campaigns-section';
import { prefetchDashboard } from './prefetch-dashboard';

export interface FirstStepsPartProps {
  /** The store's current year: its investment is a step. */
  currentYear: number;
  /** Opens the dashboard's investment modal on the current year. */
  onSetInvestment: () => void;
  /** The dashboard's sections, which the guide goes above. */
  children?: ReactNode;
}

export interface WhatsappCampaignsPartProps {
  /** Given the WhatsApp campaigns sending now, the section that shows them; not called without a connected app. */
  children: (section: Omit<WhatsappCampaignsSectionProps, 'linkComponent'>) => ReactNode;
}

export interface DashboardParts {
  /** The first-steps guide above the sections: it reads several features' data, so the app hands it in. */
  firstSteps: PagePart<ComponentType<FirstStepsPartProps>>;
  /** The WhatsApp campaigns sending now, beside the ad ones: the messaging feature's data, which the app hands in. */
  whatsappCampaigns: PagePart<ComponentType<WhatsappCampaignsPartProps>>;
}

/** The dashboard (SPEC §2 Dashboard), also the app's root address. */
export function dashboardRoutes({ firstSteps, whatsappCampaigns }: DashboardParts): FeatureRoutes {
  const page = {
    title: 'dashboard',
    roles: ALL_ROLES,
    namespaces: pageTexts('dashboard', 'metrics', 'campaignDetail', 'campaigns', 'dates'),
    page: withPart(
      withPart(
        lazyExport(() => import('./dashboard-route'), 'DashboardRoute'),
        firstSteps,
        (DashboardRoute, FirstSteps) => ({
          DashboardRoute,
          FirstSteps,
        }),
      ),
      whatsappCampaigns,
      ({ DashboardRoute, FirstSteps }, WhatsappCampaigns) =>
        () => (
          <DashboardRoute
            firstSteps={({ currentYear, openInvestment }, sections) => (
              <FirstSteps currentYear={currentYear} onSetInvestment={openInvestment}>
                {sections}
              </FirstSteps>
            )}
            whatsappCampaigns={(section) => <WhatsappCampaigns>{section}</WhatsappCampaigns>}
          />
        ),
    ),
    prefetch: (queryClient, start) => {
      prefetchDashboard(queryClient, start.storeId, start.search);
      firstSteps.prefetch?.(queryClient, start);
      whatsappCampaigns.prefetch?.(queryClient, start);
    },
  } satisfies Omit<PageRoute, 'path'>;
  return {
    dataSection: HOME_PATH,
    routes: [
      { ...page, path: '/' },
      { ...page, path: HOME_PATH },
    ],
  };
}
