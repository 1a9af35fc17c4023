import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { operations as AppOperations } from '../shared/api/app.gen.ts';
import type { operations as BackendOperations } from '../shared/api/backend.gen.ts';
import { registerContract, type Handler, type Handlers, type Services } from './platform/api.ts';
import type { Config } from './platform/config.ts';
import { appContract, backendContract } from './platform/contract.ts';
import type { Database } from './platform/db.ts';
import { registerDocs } from './platform/docs.ts';
import { HttpError, frameworkClientError } from './platform/errors.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { registerMailbox } from './platform/mailbox.ts';
import { loadSessionSecret } from './platform/sessions.ts';
import { registerSpa, spaIndex } from './platform/spa.ts';
import { dashboardHandlers } from './features/dashboard/handlers.ts';
import { sessionHandlers } from './features/session/handlers.ts';
import { storeHandlers } from './features/stores/handlers.ts';
import { accountHandlers } from './features/account/handlers.ts';
import { teamHandlers } from './features/team/handlers.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  logger?: boolean;
  /** Where mail goes; by default SMTP_URL or the local outbox. */
  mailer?: Mailer;
}

export async function buildApp({ config, db, logger = false, mailer = createMailer(config.smtpUrl) }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ? { level: 'info' } : false, bodyLimit: 1024 * 1024, trustProxy: true, forceCloseConnections: true });
  const services: Services = { db, config, mailer, sessionSecret: await loadSessionSecret(db, config.sessionSecret) };
  const index = spaIndex(config.webDir);

  await app.register(fastifyCookie);
  // Every body the contracts take is JSON; anything else is answered 415 in Spanish.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const known = error instanceof HttpError ? error : error.statusCode && error.statusCode < 500 ? frameworkClientError(error.statusCode, error.code) : null;
    if (known) return reply.code(known.statusCode).headers(known.headers ?? {}).send(known.toBody());
    request.log.error(error);
    if (!logger) console.error(error);
    return reply.code(500).send({ message: 'Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos.', code: 'internal_error' });
  });

  const appHandlers: Handlers<AppOperations> = { ...sessionHandlers(index), ...storeHandlers, ...teamHandlers(index), ...accountHandlers };
  const backendHandlers: Handlers<BackendOperations> = { ...dashboardHandlers };
  registerContract(app, appContract(), '/api', appHandlers as unknown as Record<string, Handler<never>>, services);
  registerContract(app, backendContract(), config.backendPrefix, backendHandlers as unknown as Record<string, Handler<never>>, services);
  await registerDocs(app);
  if (!config.production) registerMailbox(app, db);
  await registerSpa(app, config.webDir, ['/api', config.backendPrefix], index);
  return app;
}
