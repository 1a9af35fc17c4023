import type { Database, Queryable } from '../../../platform/database/db.ts';
import { enqueue, type JobWorker } from '../../../platform/jobs/jobs.ts';
import type { Mailer } from '../../../platform/mail/mail.ts';
import { customerDataOf } from '../../../platform/store-data/customer-data.ts';

/*
 * Shopify's `customers/data_request`: a store owner asked, through Shopify, for what we hold about one
 * of their customers, to hand it over within 30 days. The webhook is answered at once; this job then
 * gathers everything Recompra keeps about that customer in that store (customer-data.ts reads every
 * table that names a customer or their orders) and mails it, as JSON, to the store's administrators,
 * the people who can answer the request. The JSON is a secret of the mail: once SMTP has taken it, it is
 * blanked out of the outbox, so no second copy of the customer's data stays with us.
 */

export const DATA_REQUEST_QUEUE = 'customer-data-request';

export interface DataRequestJob {
  storeId: number;
  customerId: string;
  ordersRequested: string[];
  /** Shopify's id of the request, null when its payload had none. */
  dataRequestId: number | null;
  /** When Shopify triggered the request. */
  requestedAt: string;
}

/** Queues the answer to a data request in the transaction that records its delivery: once per request. */
export async function queueDataRequest(tx: Queryable, request: DataRequestJob): Promise<void> {
  await enqueue(tx, DATA_REQUEST_QUEUE, { ...request }, { maxAttempts: 5 });
}

async function administratorsOf(db: Queryable, storeId: number): Promise<{ name: string; email: string }[]> {
  return db.query<{ name: string; email: string }>(
    `select u.name, u.email from store_members m join users u on u.id = m.user_id where m.store_id = $1 and m.role = 'admin' order by u.id`,
    [storeId],
  );
}

/** The mail that answers a data request, in Spanish, with the data as indented JSON. */
export function dataRequestMail(store: string, request: DataRequestJob, json: string, empty: boolean) {
  const reference = request.dataRequestId === null ? '' : ` (solicitud ${request.dataRequestId} de Shopify)`;
  return {
    subject: `Datos del cliente ${request.customerId} de ${store}${reference}`,
    text: [
      'Hola:',
      '',
      `Pediste en Shopify los datos que guardamos del cliente ${request.customerId} de tu tienda ${store}${reference}.`,
      empty
        ? 'Recompra no guarda ningún dato de esta persona en tu tienda.'
        : 'Esto es todo lo que Recompra guarda de esta persona en tu tienda (ficha, pedidos, carritos, cifras y segmentos), en formato JSON, para que se lo entregues:',
      '',
      json,
      '',
      'Por su privacidad, este correo no queda guardado en Recompra.',
      '',
      'El equipo de Recompra',
    ].join('\n'),
  };
}

/** The job that answers data requests: one mail per administrator of the store. */
export function registerDataRequestJob(jobs: JobWorker, db: Database, mailer: Mailer): void {
  jobs.register<DataRequestJob>(DATA_REQUEST_QUEUE, {
    handler: async ({ payload: request }) => {
      await db.transaction(async (tx) => {
        const [store] = await tx.query<{ name: string }>('select name from stores where id = $1', [request.storeId]);
        // The store was erased since (shop/redact): nothing is left to hand over.
        if (!store) return;
        const data = await customerDataOf(tx, request.storeId, request.customerId, request.ordersRequested);
        const json = JSON.stringify(
          { store: store.name, customer: request.customerId, dataRequest: request.dataRequestId, requestedAt: request.requestedAt, data },
          null,
          2,
        );
        const mail = dataRequestMail(store.name, request, json, Object.keys(data).length === 0);
        for (const admin of await administratorsOf(tx, request.storeId))
          await mailer.send(tx, { to: admin.email, ...mail, secrets: [json] });
      });
    },
  });
}
