import type Stripe from 'stripe';
import type { Billing } from './billing.ts';
import type { Store } from './objects.ts';
import type { Params } from './params.ts';
import { invalidRequest, missingParam } from './stripe-errors.ts';
import type { EventCause, Events } from './webhooks.ts';

/*
 * Test clocks: frozen time for the customers created on them. Advancing one runs everything that
 * falls due on it, in order, before the call returns; the answer still says `advancing` (with the
 * target) as Stripe's does, and the next read finds it `ready`, so a client that polls as Stripe
 * asks works unchanged.
 */

/** Stripe deletes a test clock 30 days after creating it. */
const CLOCK_LIFETIME = 30 * 86_400;

export type Clocks = ReturnType<typeof createClocks>;

export function createClocks(store: Store, events: Events, billing: Billing) {
  return {
    create(params: Params, cause: EventCause): Stripe.TestHelpers.TestClock {
      params.only(['frozen_time', 'name']);
      const frozen = params.integer('frozen_time', { min: 0 });
      if (frozen === undefined) throw missingParam('frozen_time');
      const created = store.nowSeconds();
      const clock = store.put('test_clock', {
        id: store.newId('test_clock'),
        object: 'test_helpers.test_clock',
        created,
        deletes_after: created + CLOCK_LIFETIME,
        frozen_time: frozen,
        livemode: false,
        name: params.string('name') || null,
        status: 'ready',
        status_details: {},
      });
      events.record('test_helpers.test_clock.created', clock, { created: frozen, cause });
      return clock;
    },

    /** Moves the clock to `frozen_time`, running what falls due; returns the clock as it stood while advancing. */
    advance(clock: Stripe.TestHelpers.TestClock, params: Params, cause: EventCause): Stripe.TestHelpers.TestClock {
      params.only(['frozen_time']);
      const target = params.integer('frozen_time');
      if (target === undefined) throw missingParam('frozen_time');
      if (clock.status !== 'ready') throw invalidRequest('The test clock is not ready to be advanced.', undefined, 'test_clock_not_ready');
      if (target <= clock.frozen_time)
        throw invalidRequest('The frozen time must be after the current frozen time of the test clock.', 'frozen_time');
      const advancing: Stripe.TestHelpers.TestClock = {
        ...structuredClone(clock),
        status: 'advancing',
        status_details: { advancing: { target_frozen_time: target } },
      };
      events.record('test_helpers.test_clock.advancing', advancing, { created: clock.frozen_time, cause });
      billing.runUntil(clock.id, target);
      clock.frozen_time = target;
      clock.status = 'ready';
      clock.status_details = {};
      events.record('test_helpers.test_clock.ready', clock, { created: target, cause });
      return advancing;
    },

    /** Deletes the clock and, as Stripe does, the customers living on it with everything of theirs. */
    remove(clock: Stripe.TestHelpers.TestClock, cause: EventCause) {
      for (const customer of store.all('customer'))
        if (customer.test_clock === clock.id) {
          billing.endSubscriptionsOf(customer.id, cause);
          store.remove('customer', customer.id);
          store.deletedCustomers.add(customer.id);
        }
      store.remove('test_clock', clock.id);
      events.record('test_helpers.test_clock.deleted', clock, { created: clock.frozen_time, cause });
      return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
    },
  };
}
