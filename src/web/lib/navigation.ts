/**
 * Full page navigation to server paths (login, logout, after signing in). An object so tests can
 * replace `assign` without touching `window.location`.
 */
export const pageNavigation = {
  assign(href: string): void {
    window.location.assign(href);
  },
};
