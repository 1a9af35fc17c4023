import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Security headers on every answer. A page (HTML) gets a content security policy that allows only
 * our own scripts (and the backend's origin when the browser calls it on another host), no framing,
 * no MIME sniffing and a referrer kept to our own origin. Every other answer (the API's JSON, the
 * built scripts and styles, downloads) gets a policy that allows nothing at all, should it ever be
 * opened as a page, with the same no-sniffing and referrer rules: the page's dozen headers mean
 * nothing on a script or a JSON answer, and a phone would download them with each of the two dozen
 * requests of a first load. HSTS only means something over HTTPS (on plain-HTTP localhost it would
 * be ignored, or worse, pin a developer's browser).
 * The headers are decided once at start-up: built per request, they cost a seventh of a cached
 * dashboard answer.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const page = securityHeaders(config);
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    reply.headers(typeof type === 'string' && type.startsWith('text/html') ? page : RESOURCE_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
    return payload;
  });
}

/** What every answer that is not a page carries. */
const RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

/** A page's headers (helmet's, with our policy). */
export function securityHeaders(config: Config): Record<string, string> {
  const self = "'self'";
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: [self],
        // Charts and popovers position themselves with inline style attributes.
        styleSrc: [self, "'unsafe-inline'"],
        imgSrc: [self, 'data:', 'blob:'],
        mediaSrc: [self, 'blob:'],
        fontSrc: [self, 'data:'],
        // The browser sends card details straight to the card processor, never through us.
        connectSrc: [
          self,
          ...(config.backendOrigin ? [config.backendOrigin] : []),
          ...foreignOrigin(config.payments.browserApiBase, config.publicUrl),
        ],
        objectSrc: ["'none'"],
        baseUri: [self],
        formAction: [self],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
    // Nothing we serve is meant to be embedded elsewhere, and we embed nothing cross-origin.
    crossOriginEmbedderPolicy: false,
  });
  // Helmet writes its headers on a response; this one only records them.
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/** `url`'s origin when it is another site's ('self' already allows the app's own, and an empty address is the page's). */
function foreignOrigin(url: string, publicUrl: string): string[] {
  if (!url) return [];
  const origin = new URL(url).origin;
  return origin === new URL(publicUrl).origin ? [] : [origin];
}
