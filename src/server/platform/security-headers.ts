import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Security headers on every answer: a content security policy that allows only our own scripts
 * (and the backend's origin when the browser calls it on another host) and no framing,
 * no MIME sniffing, a referrer kept to our own origin, and HSTS, which only means something over
 * HTTPS (on plain-HTTP localhost it would be ignored, or worse, pin a developer's browser).
 * Helmet decides the headers once at start-up: built per request, they cost a seventh of a cached
 * dashboard answer.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
  });
}

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
