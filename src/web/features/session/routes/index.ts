import { ALL_ROLES, type FeatureRoutes, lazyExport, type PageRoute, pageTexts } from '../../../lib/routes';
import { INVITATION_PATH, LOGIN_PATH, LOGOUT_PATH, RESET_PASSWORD_PATH, SIGNUP_PATH } from './paths';

// Open to anyone: the role guard does not wrap them.
const page = { roles: ALL_ROLES, namespaces: pageTexts('auth'), public: true } satisfies Partial<PageRoute>;

/** Signing in and out, signing up, resetting a password and accepting an invitation (SPEC §2 Session). */
export const sessionRoutes: FeatureRoutes = {
  routes: [
    { ...page, path: LOGIN_PATH, title: 'login', page: lazyExport(() => import('./login-route'), 'LoginRoute') },
    { ...page, path: SIGNUP_PATH, title: 'signup', page: lazyExport(() => import('./signup-route'), 'SignupRoute') },
    {
      ...page,
      path: RESET_PASSWORD_PATH,
      title: 'passwordReset',
      page: lazyExport(() => import('./password-reset-route'), 'PasswordResetRoute'),
    },
    { ...page, path: INVITATION_PATH, title: 'invitation', page: lazyExport(() => import('./invitation-route'), 'InvitationRoute') },
    { ...page, path: LOGOUT_PATH, title: 'logout', page: lazyExport(() => import('./logout-route'), 'LogoutRoute') },
  ],
};
