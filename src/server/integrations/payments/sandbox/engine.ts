import { createBilling } from './billing.ts';
import { createCardVault } from './cards.ts';
import { createClocks } from './clocks.ts';
import { createWallet } from './customers.ts';
import { createStore, type Expander, expand } from './objects.ts';
import { createEvents, type DeliveryOptions } from './webhooks.ts';

/*
 * The sandbox's model assembled: one store and the parts that act on it, and the one way an object
 * leaves it (a copy, `expand[]` applied), so an answer never shares state with what is stored.
 */

export interface EngineOptions extends DeliveryOptions {
  /** Seeds ids and the delivery shuffle; the same seed and calls give the same ids. */
  seed: number;
}

export type Engine = ReturnType<typeof createEngine>;

export function createEngine(options: EngineOptions) {
  const store = createStore({ now: options.now, seed: options.seed });
  const events = createEvents(store, options);
  // A fixed key: the same card number has the same fingerprint in every run, as within one Stripe account.
  const vault = createCardVault('recompra-sandbox-fingerprints');
  const wallet = createWallet(store, events, vault);
  const billing = createBilling(store, events, vault, wallet);
  const clocks = createClocks(store, events, billing);

  const expander: Expander = {
    resolve(id) {
      if (store.deletedCustomers.has(id)) return { id, object: 'customer', deleted: true };
      // An endpoint's signing secret is shown once, when it is created; nothing refers to one anyway.
      if (store.kindOf(id) === 'webhook_endpoint') return undefined;
      return store.find(id);
    },
    include(object, field) {
      if (object.object === 'invoice' && field === 'payments') return billing.paymentsOf(String(object.id));
      if (object.object === 'invoice' && field === 'confirmation_secret') return billing.confirmationSecretOf(String(object.id));
      return undefined;
    },
  };

  return {
    store,
    events,
    wallet,
    billing,
    clocks,
    /** A copy of `object` as the API shows it, with the `expand[]` paths replaced by their objects. */
    render<T>(object: T, paths: readonly string[] = []): T {
      return expand(object, paths, expander);
    },
    /** Runs what has fallen due by now for everything not on a test clock (renewals, trial ends, retries). */
    runDue() {
      billing.runUntil(null, store.nowSeconds());
    },
  };
}
