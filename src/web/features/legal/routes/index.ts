import { PRIVACY_PATH, TERMS_PATH } from '../../../lib/paths';
import { ALL_ROLES, type FeatureRoutes, lazyExport, type PageRoute, pageTexts } from '../../../lib/routes';

// Not in SPEC §2's table: the terms and the privacy policy the plan's checkbox and sign-up link to, open to anyone.
const page = { roles: ALL_ROLES, namespaces: pageTexts('legal'), public: true } satisfies Partial<PageRoute>;

export const legalRoutes: FeatureRoutes = {
  routes: [
    { ...page, path: TERMS_PATH, title: 'terms', page: lazyExport(() => import('./legal-routes'), 'TermsRoute') },
    { ...page, path: PRIVACY_PATH, title: 'privacy', page: lazyExport(() => import('./legal-routes'), 'PrivacyRoute') },
  ],
};
