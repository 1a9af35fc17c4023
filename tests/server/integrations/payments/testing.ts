import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type PaymentsClient, stripeHostOf } from '../../../../src/server/integrations/payments/client.ts';
import { SANDBOX_KEYS, STRIPE_API_VERSION } from '../../../../src/server/integrations/payments/types.ts';

/** Seconds in a day, for test clocks. */
export const DAY = 86_400;

/** The official SDK pointed at a sandbox, with no retries so a refusal surfaces at once. */
export const sdkFor = (url: string, key: string = SANDBOX_KEYS.secret) =>
  new Stripe(key, { ...stripeHostOf(url), apiVersion: STRIPE_API_VERSION, maxNetworkRetries: 0, telemetry: false });

/** A card number turned into a `pm_…` id as a browser does it: with the publishable key. */
export async function tokenise(url: string, number: string): Promise<string> {
  const method = await sdkFor(url, SANDBOX_KEYS.publishable).paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' },
  });
  return method.id;
}

/** Tokenises `number` and saves it on the customer as the default card, through the client; its `pm_…` id. */
export async function saveNewCard(client: PaymentsClient, url: string, customerId: string, number: string): Promise<string> {
  const paymentMethodId = await tokenise(url, number);
  await client.saveCard(customerId, paymentMethodId);
  return paymentMethodId;
}

export interface Delivery {
  /** The bytes as received: the signature covers exactly these. */
  body: string;
  signature: string;
  event: Stripe.Event;
}

export interface Receiver {
  url: string;
  received: Delivery[];
  close(): Promise<void>;
}

/** A webhook receiver on a free local port, answering each delivery with `statusFor(n)` (n counts from 0). */
export async function startReceiver(statusFor: (count: number) => number = () => 200): Promise<Receiver> {
  const received: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = statusFor(received.length);
      received.push({ body, signature: String(request.headers['stripe-signature']), event: JSON.parse(body) as Stripe.Event });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
