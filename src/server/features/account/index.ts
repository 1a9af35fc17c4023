import { createPaymentsClient } from '../../integrations/payments/client.ts';
import type { ServerFeature } from '../../platform/feature.ts';
import {
  billingContext,
  billingHandlers,
  type CardProcessor,
  registerStoreDeletionJob,
  registerStripeWebhooks,
  registerSubscriptionCheckJob,
  scheduleSubscriptionCheck,
} from './billing.ts';
import { accountHandlers } from './handlers.ts';
import type { BillingContext } from './subscriptions.ts';

export { STRIPE_WEBHOOK_PATH } from './billing.ts';
export { priceCents, TRIAL_DAYS } from './plans.ts';
export { openSandboxSubscriptions } from './sandbox-subscriptions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store subscriptions and the card processor they are kept at. */
    billing: BillingContext;
  }
}

/** The account's details, the store's subscription at the card processor, its payments and cancellation (SPEC §2 Account). */
export const accountFeature: ServerFeature = {
  name: 'account',
  start: ({ app, db, config, jobs, mailer, paymentsTestClock }) => {
    const processor: CardProcessor = {
      payments: createPaymentsClient({ secretKey: config.payments.secretKey, apiBase: config.payments.apiBase }),
      publishableKey: config.payments.publishableKey,
      apiBase: config.payments.browserApiBase,
      webhookSecret: config.payments.webhookSecret,
    };
    const billing = billingContext(db, processor, paymentsTestClock);
    registerStoreDeletionJob(jobs, db, processor.payments);
    registerSubscriptionCheckJob(jobs, billing);
    registerStripeWebhooks(app, billing, processor);
    app.decorate('billing', billing);
    return { app: { ...accountHandlers, ...billingHandlers(billing, processor, mailer) } };
  },
  schedule: (db) => scheduleSubscriptionCheck(db),
};
