import type { FastifyInstance } from 'fastify';
import type { operations as AppOperations } from '../../shared/api/app.gen.ts';
import type { operations as BackendOperations } from '../../shared/api/backend.gen.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { MetaAccess } from './connections/meta-connection.ts';
import type { Database } from './database/db.ts';
import type { UploadRules } from './files/uploads.ts';
import type { Handlers } from './http/api.ts';
import type { JobWorker } from './jobs/jobs.ts';
import type { Mailer } from './mail/mail.ts';
import type { SecretBox } from './security/secrets.ts';
import type { LiveHub } from './store-data/live.ts';
import type { StoreEventSubscriber, StoreEvents } from './store-data/store-events.ts';

/*
 * A server feature as the app registers it: each `features/<feature>/index.ts` exports one, and
 * `app.ts` lists them. Features never import each other (they meet through store events); what they
 * share comes in the context.
 */

/** What the app gives each feature as it starts. */
export interface FeatureContext {
  /** For what lives outside the contracts: webhooks, decorations. */
  app: FastifyInstance;
  db: Database;
  config: Config;
  events: StoreEvents;
  jobs: JobWorker;
  mailer: Mailer;
  secrets: SecretBox;
  live: LiveHub;
  /** The Meta app and Facebook Login, shared by the social-ads integration and the ad campaigns. */
  meta: MetaAccess;
  /** The entry page of the web build (pages a handler answers with it). */
  index: () => Promise<string>;
  /** The server's time, for rules that depend on it (the chat's 24-hour window); a journey may move it. */
  clock: Clock;
  /** New card-processor customers go on this test clock, so a test can move their time. */
  paymentsTestClock?: (() => string | undefined) | undefined;
}

/** What a started feature answers: its part of each contract, and what it needs closed with the app. */
export interface FeatureParts {
  app?: Partial<Handlers<AppOperations>>;
  backend?: Partial<Handlers<BackendOperations>>;
  /** How each of its operations that take a file takes it (by operationId). */
  uploads?: Record<string, UploadRules>;
  close?: () => void | Promise<void>;
}

export interface ServerFeature {
  name: string;
  /** Its subscribers to store events: known before anything starts (scripts build the events alone). */
  subscribers?: (events: StoreEvents) => StoreEventSubscriber[];
  /** Registers its jobs and its routes outside the contracts, and answers its handlers. */
  start(context: FeatureContext): FeatureParts | Promise<FeatureParts>;
  /** Books its recurring jobs (nightly and hourly work), once per server start, before the worker starts. */
  schedule?: (db: Database, config: Config) => Promise<void>;
}

/**
 * One feature made of parts that each start as a feature does (the integrations: one part per kind of
 * platform, in its own folder), with `own` the handlers of the feature itself. Its subscribers, jobs,
 * handlers and schedules are the parts' together, in the parts' order.
 */
export function composeFeature(name: string, parts: readonly ServerFeature[], own: FeatureParts = {}): ServerFeature {
  return {
    name,
    subscribers: (events) => parts.flatMap((part) => part.subscribers?.(events) ?? []),
    async start(context) {
      const started = [own];
      for (const part of parts) started.push(await part.start(context));
      return {
        app: Object.assign({}, ...started.map((each) => each.app ?? {})),
        backend: Object.assign({}, ...started.map((each) => each.backend ?? {})),
        uploads: Object.assign({}, ...started.map((each) => each.uploads ?? {})),
        close: async () => {
          for (const each of started) await each.close?.();
        },
      };
    },
    async schedule(db, config) {
      for (const part of parts) await part.schedule?.(db, config);
    },
  };
}
