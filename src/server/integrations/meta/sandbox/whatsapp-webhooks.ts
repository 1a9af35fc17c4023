import {
  signWhatsAppWebhook,
  WHATSAPP_WEBHOOK_OBJECT,
  type WhatsAppWebhookEntry,
  type WhatsAppWebhookPayload,
} from '../whatsapp/webhooks.ts';
import type { SandboxMetaApp } from './auth.ts';
import type { MetaSandboxStore, PendingWhatsAppChange } from './store.ts';
import { settleTemplates } from './templates.ts';

/*
 * WhatsApp Business Account webhooks as Meta delivers them: to the callback URL of each app's
 * `whatsapp_business_account` subscription, for the WABAs that have the app in `subscribed_apps`; one POST
 * per round and app with every change due (batched, one entry per WABA; a big round in several POSTs at once), signed with
 * `X-Hub-Signature-256` under the app's secret. Meta's habits, deterministic here: every `duplicateEvery`-th
 * delivery is sent twice, and every `lateEvery`-th change waits for the next round. A delivery the callback
 * does not answer with a 2xx is tried again the next round, as Meta retries.
 */

/** Changes in one POST at the most. */
const BATCH = 50;
/** POSTs under way at once to one callback: a big send's statuses arrive side by side, as Meta's do. */
const IN_FLIGHT = 8;

export interface WhatsAppWebhookHabits {
  /** Every n-th delivery is sent twice (0: never). */
  duplicateEvery?: number;
  /** Every n-th change is held back one round (0: never). */
  lateEvery?: number;
}

/** One POST the sandbox made: where, what, and what the callback answered (0 when it did not). */
export interface WhatsAppWebhookDelivery {
  appId: string;
  url: string;
  body: string;
  signature: string;
  status: number;
}

export function createWhatsAppWebhooks(
  store: MetaSandboxStore,
  apps: readonly SandboxMetaApp[],
  now: () => number,
  habits: WhatsAppWebhookHabits,
) {
  const callbacks = new Map<string, string>();
  /** Changes delivered (to every app that should get them). */
  const delivered = new Set<PendingWhatsAppChange>();
  const heldOnce = new Set<PendingWhatsAppChange>();
  let changesSeen = 0;
  let deliveries = 0;

  const seconds = (ms: number) => Math.floor(ms / 1000);

  async function post(appId: string, url: string, body: string, secret: string): Promise<WhatsAppWebhookDelivery> {
    const signature = signWhatsAppWebhook(body, secret);
    let status = 0;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature, 'user-agent': 'facebookexternalua' },
        body,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    return { appId, url, body, signature, status };
  }

  return {
    /** Where the app's `whatsapp_business_account` subscription sends its webhooks (null: nowhere). */
    setCallbackUrl(appId: string, url: string | null) {
      if (url) callbacks.set(appId, url);
      else callbacks.delete(appId);
    },

    /** One round: every change due, to every app subscribed to its WABA that has a callback URL. */
    async deliver(): Promise<WhatsAppWebhookDelivery[]> {
      settleTemplates(store, now());
      const due: PendingWhatsAppChange[] = [];
      for (const pending of [...store.whatsappChanges, ...store.messaging.changes]) {
        if (delivered.has(pending) || pending.at > now()) continue;
        if (!heldOnce.has(pending)) {
          changesSeen += 1;
          if (habits.lateEvery && changesSeen % habits.lateEvery === 0) {
            heldOnce.add(pending);
            continue;
          }
          heldOnce.add(pending);
        }
        due.push(pending);
      }
      const made: WhatsAppWebhookDelivery[] = [];
      const failed = new Set<PendingWhatsAppChange>();
      for (const app of apps) {
        const url = callbacks.get(app.appId);
        const mine = due.filter((pending) => store.whatsAppAccount(pending.wabaId)?.subscribedApps.has(app.appId));
        if (!url || mine.length === 0) continue;
        // A big send's statuses go out in many POSTs of a few changes each, several under way at once, as Meta's do.
        const batches: PendingWhatsAppChange[][] = [];
        for (let start = 0; start < mine.length; start += BATCH) batches.push(mine.slice(start, start + BATCH));
        const deliverBatch = async (batch: PendingWhatsAppChange[]) => {
          const entries = new Map<string, WhatsAppWebhookEntry>();
          for (const pending of batch) {
            const entry = entries.get(pending.wabaId) ?? { id: pending.wabaId, time: 0, changes: [] };
            entry.time = Math.max(entry.time, seconds(pending.at));
            entry.changes.push(pending.change);
            entries.set(pending.wabaId, entry);
          }
          const payload: WhatsAppWebhookPayload = { object: WHATSAPP_WEBHOOK_OBJECT, entry: [...entries.values()] };
          const body = JSON.stringify(payload);
          deliveries += 1;
          const twice = habits.duplicateEvery !== undefined && habits.duplicateEvery > 0 && deliveries % habits.duplicateEvery === 0;
          const sent = await post(app.appId, url, body, app.appSecret);
          made.push(sent);
          if (sent.status < 200 || sent.status >= 300) for (const pending of batch) failed.add(pending);
          else if (twice) made.push(await post(app.appId, url, body, app.appSecret));
        };
        const lanes = Array.from({ length: Math.min(IN_FLIGHT, batches.length) }, async () => {
          for (let batch = batches.shift(); batch; batch = batches.shift()) await deliverBatch(batch);
        });
        await Promise.all(lanes);
      }
      // A change no app can receive yet (no subscription, no callback) is dropped, as Meta does.
      for (const pending of due) if (!failed.has(pending)) delivered.add(pending);
      return made;
    },
  };
}

export type WhatsAppWebhooks = ReturnType<typeof createWhatsAppWebhooks>;
