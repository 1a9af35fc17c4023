/**
 * A page's first number or date formatter costs the browser 40–90 ms on a desktop, four times that on
 * a phone: it loads the language's data for every formatter to come. This script pays that as soon
 * as it arrives, before the app's code has even downloaded, while the main thread has nothing else to
 * do; the app's own formatters, created while it draws the first page, then cost a few milliseconds
 * each. A classic script apart from the bundle: nothing waits for it, nor it for anything. The page's
 * `Link` header names it first (vite.config.ts lists it as the entry's `early` script).
 */
new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' }).format(0);
new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium' }).format(0);
