// Paths more than one layer links to: the route table (app), the shell, and the containers that send
// the merchant home or to a server page after signing in or out.

export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/api/auth/login';
export const LOGOUT_PATH = '/api/auth/logout';
export const SIGNUP_PATH = '/api/auth/signup';
export const RESET_PASSWORD_PATH = '/api/auth/reset-password';
export const INVITATION_PATH = '/api/auth/invitation';
/** Where the store, Meta, WhatsApp and Klaviyo are connected: screens that need one link here. */
export const INTEGRATIONS_PATH = '/integrations';
export const ACCOUNT_PATH = '/account';
/** Choosing a first plan or changing it: the account's subscription tab, the banners and the subscription-required state lead here. */
export const CHANGE_PLAN_PATH = '/account/change-plan';
export const PAYMENT_METHOD_PATH = '/account/payment-method';
/** The dashboard right after a plan starts: it welcomes the new subscription. */
export const SUBSCRIBED_PATH = '/dashboard?subscription=success';
/** The terms of service and the privacy policy: public pages, linked from sign-up and from accepting a plan. */
export const TERMS_PATH = '/terms';
export const PRIVACY_PATH = '/privacy';
