import type { ScreenId } from './routes';

/**
 * The modules each screen's loader in pages.tsx imports, relative to src/web: the build lists the
 * code each route needs from them (vite.config.ts, `pageCode`), so that the server can have a browser
 * fetch a page's code together with the page instead of once the app's code has run. A module missing
 * here only loads later; one listed here that no loader imports fails the build.
 */
export const SCREEN_MODULES: Record<ScreenId, readonly string[]> = {
  dashboard: ['features/dashboard/routes/dashboard-route.tsx', 'app/first-steps/first-steps.tsx'],
  integrations: ['features/integrations/routes/integrations-route.tsx'],
  login: ['features/session/routes/login-route.tsx'],
  logout: ['features/session/routes/logout-route.tsx'],
  signup: ['features/session/routes/signup-route.tsx'],
  passwordReset: ['features/session/routes/password-reset-route.tsx'],
  invitation: ['features/session/routes/invitation-route.tsx'],
  account: ['features/account/routes/account-route.tsx', 'features/team/routes/team-route.tsx'],
  changePlan: ['features/account/routes/change-plan-route.tsx'],
  paymentMethod: ['features/account/routes/payment-method-route.tsx'],
  segments: ['features/segments/routes/segments-route.tsx'],
  segmentDetail: ['features/segments/routes/segment-detail-route.tsx'],
  segmentForm: ['features/segments/routes/segment-form-route.tsx'],
  campaigns: ['features/ad-campaigns/routes/campaigns-route.tsx'],
  campaignDetail: ['features/ad-campaigns/routes/campaign-detail-route.tsx'],
  campaignForm: ['features/ad-campaigns/routes/campaign-form-route.tsx'],
  terms: ['features/legal/routes/legal-routes.tsx'],
  privacy: ['features/legal/routes/legal-routes.tsx'],
  underConstruction: ['app/under-construction-page.tsx'],
};
