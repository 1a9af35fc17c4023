import { WEBHOOK_TOPIC_HEADER, type WebhookTopic } from '../types.ts';

export interface WebhookSubscription {
  id: string;
  topic: WebhookTopic;
  uri: string;
}

interface UserError {
  field: string[] | null;
  message: string;
}

/**
 * The app's webhook subscriptions, kept as Shopify keeps them: one per topic and address, refused
 * with Shopify's user errors when the topic is not one the sandbox sends or the address is invalid.
 */
export function createSubscriptions(options: { webhookOrigins?: readonly string[] } = {}) {
  const subscriptions: WebhookSubscription[] = [];
  /** When each was created (ISO), kept apart so `list()` gives exactly what was subscribed. */
  const createdAt = new Map<string, string>();
  let counter = 0;
  const allowedOrigins = options.webhookOrigins ? new Set(options.webhookOrigins.map((origin) => new URL(origin).origin)) : null;

  /** Whether webhooks may be posted to `uri` (any address when no origins were named). */
  function deliverableTo(uri: string): boolean {
    if (!allowedOrigins) return true;
    try {
      return allowedOrigins.has(new URL(uri).origin);
    } catch {
      return false;
    }
  }

  return {
    deliverableTo,
    list: () => subscriptions,
    find: (id: string) => subscriptions.find((s) => s.id === id) ?? null,
    createdAt: (id: string) => createdAt.get(id) ?? null,
    /** The subscriptions a delivery of `header` (`orders/create`) goes to. */
    targets: (header: string) => subscriptions.filter((s) => WEBHOOK_TOPIC_HEADER[s.topic] === header && deliverableTo(s.uri)),
    create(
      topic: string,
      input: { uri?: string | null; callbackUrl?: string | null },
      at: string,
    ): { subscription: WebhookSubscription | null; userErrors: UserError[] } {
      const uri = String(input.uri ?? input.callbackUrl ?? '');
      // The error names the input field the address came in: `uri`, or the older `callbackUrl`.
      const addressField = ['webhookSubscription', input.uri == null && input.callbackUrl != null ? 'callbackUrl' : 'uri'];
      const userErrors: UserError[] = [];
      if (!(topic in WEBHOOK_TOPIC_HEADER)) userErrors.push({ field: ['topic'], message: `The sandbox does not send ${topic} webhooks` });
      else if (!/^https?:\/\/\S+$/.test(uri) || !deliverableTo(uri))
        userErrors.push({ field: addressField, message: 'Address is invalid' });
      else if (subscriptions.some((s) => s.topic === topic && s.uri === uri))
        userErrors.push({ field: addressField, message: 'Address for this topic has already been taken' });
      if (userErrors.length) return { subscription: null, userErrors };
      const subscription = { id: `gid://shopify/WebhookSubscription/${1_500_000 + ++counter}`, topic: topic as WebhookTopic, uri };
      subscriptions.push(subscription);
      createdAt.set(subscription.id, at);
      return { subscription, userErrors: [] };
    },
    /** The app was uninstalled: every subscription goes; answers how many there were. */
    deleteAll(): number {
      const count = subscriptions.length;
      subscriptions.splice(0, count);
      createdAt.clear();
      return count;
    },
    delete(id: string): { deletedId: string | null; userErrors: UserError[] } {
      const at = subscriptions.findIndex((s) => s.id === id);
      if (at === -1) return { deletedId: null, userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }] };
      subscriptions.splice(at, 1);
      createdAt.delete(id);
      return { deletedId: id, userErrors: [] };
    },
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
