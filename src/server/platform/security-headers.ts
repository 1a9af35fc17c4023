import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Security headers on every answer: a content security policy that allows only our own scripts
 * (and the backend's origin when the browser calls it on another host) and no framing,
 * no MIME sniffing, a referrer kept to our own origin, and HSTS, which only means something over
 * HTTPS (on plain-HTTP localhost it would be ignored, or worse, pin a developer's browser).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const self = "'self'";
  await app.register(fastifyHelmet, {
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
        connectSrc: [self, ...(config.backendOrigin ? [config.backendOrigin] : [])],
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
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
  });
}
