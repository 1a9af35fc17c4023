import type { FastifyInstance } from 'fastify';
import type { operations } from '../../../shared/api/app.gen.ts';
import type { PaymentsClient } from '../../integrations/payments/client.ts';
import { HANDLED_EVENT_TYPES, verifyStripeEvent } from '../../integrations/payments/webhooks.ts';
import type { Database, Queryable } from '../../platform/database/db.ts';
import { type Handlers, signedIn } from '../../platform/http/api.ts';
import { errors } from '../../platform/http/errors.ts';
import type { JobWorker } from '../../platform/jobs/jobs.ts';
import { bookNextNight, bookNightly } from '../../platform/jobs/nightly.ts';
import type { Mailer } from '../../platform/mail/mail.ts';
import { eraseStore } from '../../platform/store-data/store-erasure.ts';
import { PLAN_FEATURES, PLANS, SALES_WHATSAPP_URL, TRIAL_DAYS } from './plans.ts';
import { storeOfSubscription, storesWithOpenSubscription, subscriptionRowOf } from './repository.ts';
import {
  type BillingContext,
  cancelSubscription,
  changePlan,
  previewPlanChange,
  processorPrices,
  refreshSubscription,
  replaceCard,
  STORE_DELETION_QUEUE,
  subscribe,
  subscriptionState,
} from './subscriptions.ts';

type BillingOperations = Pick<
  operations,
  'listPlans' | 'getSubscription' | 'subscribe' | 'changePlan' | 'previewPlanChange' | 'cancelSubscription' | 'updatePaymentDetails'
>;

export interface CardProcessor {
  payments: PaymentsClient;
  /** What the browser needs to tokenise a card itself (Stripe's API or the local sandbox). */
  publishableKey: string;
  apiBase: string;
  webhookSecret: string;
}

export function billingContext(db: Database, processor: CardProcessor, testClock?: () => string | undefined): BillingContext {
  return { db, payments: processor.payments, priceId: processorPrices(processor.payments), testClock };
}

/** The current store of a me-scoped billing call; a user with no store has no subscription to touch. */
function currentStore(storeId: number | null): number {
  if (storeId === null) throw errors.storeNotFound();
  return storeId;
}

const dateFormat = new Intl.DateTimeFormat('es-CL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Santiago' });

export function deletionWarning(mailer: Mailer, db: Queryable, publicUrl: string) {
  return async (owner: { email: string; name: string; storeName: string }, deletionDate: Date) => {
    if (!owner.email) return;
    await mailer.send(db, {
      to: owner.email,
      subject: `Tu cuenta de ${owner.storeName || 'Recompra'} se eliminará el ${dateFormat.format(deletionDate)}`,
      text: [
        `Hola ${owner.name}:`,
        '',
        `Cancelaste la suscripción de ${owner.storeName || 'tu tienda'} en Recompra. Podrás seguir usándola hasta el ${dateFormat.format(deletionDate)};`,
        'ese día eliminaremos la cuenta de la tienda y todos sus datos (clientes, pedidos, segmentos e integraciones), y no se podrán recuperar.',
        '',
        `Si cambias de opinión antes de esa fecha, escríbenos o elige un plan en ${publicUrl}/account.`,
      ].join('\n'),
    });
  };
}

export function billingHandlers(billing: BillingContext, processor: CardProcessor, mailer: Mailer): Handlers<BillingOperations> {
  return {
    async listPlans() {
      return {
        status: 200,
        body: {
          plans: [...PLANS],
          features: [...PLAN_FEATURES],
          trialDays: TRIAL_DAYS,
          currency: 'USD',
          contactUrl: SALES_WHATSAPP_URL,
          cardProcessor: { publishableKey: processor.publishableKey, apiBase: processor.apiBase },
        },
      };
    },

    async getSubscription(context) {
      const storeId = currentStore(signedIn(context).storeId);
      return { status: 200, body: await subscriptionState(context.db, storeId) };
    },

    async subscribe(context) {
      const auth = signedIn(context);
      const body = await subscribe(billing, currentStore(auth.storeId), auth, context.body);
      return { status: 201, body };
    },

    async changePlan(context) {
      const body = await changePlan(billing, currentStore(signedIn(context).storeId), context.body);
      return { status: 200, body };
    },

    async previewPlanChange(context) {
      const body = await previewPlanChange(billing, currentStore(signedIn(context).storeId), context.query);
      return { status: 200, body };
    },

    async cancelSubscription(context) {
      const storeId = currentStore(signedIn(context).storeId);
      const body = await cancelSubscription(billing, storeId, context.body, deletionWarning(mailer, context.db, context.config.publicUrl));
      return { status: 200, body };
    },

    async updatePaymentDetails(context) {
      const body = await replaceCard(billing, currentStore(signedIn(context).storeId), context.body.paymentMethodId);
      return { status: 200, body };
    },
  };
}

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/**
 * The processor's signed events. Each one only says "look again": the subscription it names is read
 * whole from the processor and written down, so duplicates and late arrivals change nothing.
 */
export function registerStripeWebhooks(app: FastifyInstance, billing: BillingContext, processor: CardProcessor): void {
  app.register(async (scope) => {
    // The signature covers the exact bytes sent, so the body is kept raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event: ReturnType<typeof verifyStripeEvent>;
      try {
        event = verifyStripeEvent(raw, typeof signature === 'string' ? signature : '', processor.webhookSecret);
      } catch {
        return reply.code(400).send({ code: 'invalid_signature', message: 'La firma del evento no es válida.' });
      }
      if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return reply.code(200).send({ received: true });
      const object = event.data.object as { object?: string; id?: string; subscription?: unknown; parent?: unknown };
      const subscriptionId = subscriptionIdOf(object);
      const storeId = subscriptionId ? await storeOfSubscription(billing.db, subscriptionId) : null;
      // Not ours (another environment's, or a store already deleted): acknowledged, so it is not sent again.
      if (storeId === null) return reply.code(200).send({ received: true });
      await refreshSubscription(billing, storeId);
      return reply.code(200).send({ received: true });
    });
  });
}

/** The subscription an event's object is or belongs to (a subscription, or one of its invoices). */
function subscriptionIdOf(object: { object?: string; id?: string; subscription?: unknown; parent?: unknown }): string | null {
  if (object.object === 'subscription') return object.id ?? null;
  const direct = object.subscription;
  if (typeof direct === 'string') return direct;
  // Since 2025 an invoice names its subscription under `parent.subscription_details.subscription`.
  const details = (object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined)?.subscription_details;
  const nested = details?.subscription;
  if (typeof nested === 'string') return nested;
  if (nested && typeof nested === 'object' && 'id' in nested) return String((nested as { id: unknown }).id);
  return null;
}

/** A subscription that ended takes its store with it (SPEC §4): the job erases it and forgets the processor's customer. */
export function registerStoreDeletionJob(jobs: JobWorker, db: Database, payments: PaymentsClient): void {
  jobs.register<{ storeId: number }>(STORE_DELETION_QUEUE, {
    handler: async (job) => {
      const { storeId } = job.payload;
      const row = await subscriptionRowOf(db, storeId);
      // Resubscribed in the meantime (or already gone): nothing to delete.
      if (!row || row.status !== 'canceled') return;
      if (row.customer_id) await payments.deleteCustomer(row.customer_id);
      await db.transaction((tx) => eraseStore(tx, storeId));
    },
  });
}

export const SUBSCRIPTION_CHECK_QUEUE = 'subscription-check';
/** After the store refresh (03:00) and housekeeping (04:00), Chile time. */
const SUBSCRIPTION_CHECK_HOUR = 5;

/** Books the next night's check of every subscription against the processor; once per night. */
export function scheduleSubscriptionCheck(db: Queryable, now = new Date()): Promise<void> {
  return bookNightly(db, SUBSCRIPTION_CHECK_QUEUE, SUBSCRIPTION_CHECK_HOUR, now);
}

/**
 * Webhooks can be lost (our server down for longer than the processor retries): each night every
 * subscription not yet ended is read again, so a renewal, a failed payment or an end is never missed.
 */
export function registerSubscriptionCheckJob(jobs: JobWorker, billing: BillingContext): void {
  jobs.register(SUBSCRIPTION_CHECK_QUEUE, {
    leaseSeconds: 300,
    handler: async (_job, context) => {
      await bookNextNight(billing.db, SUBSCRIPTION_CHECK_QUEUE, SUBSCRIPTION_CHECK_HOUR);
      for (const storeId of await storesWithOpenSubscription(billing.db)) {
        await refreshSubscription(billing, storeId);
        await context.heartbeat();
      }
    },
  });
}
