// The session's pages, at the server's addresses: a browser asking for one of them gets this app.

export const LOGIN_PATH = '/api/auth/login';
/** A page that posts the sign-out (with the CSRF token), so a link from another site cannot end the session. */
export const LOGOUT_PATH = '/api/auth/logout';
export const SIGNUP_PATH = '/api/auth/signup';
export const RESET_PASSWORD_PATH = '/api/auth/reset-password';
export const INVITATION_PATH = '/api/auth/invitation';
