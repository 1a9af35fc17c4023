// The benchmarks' big store, written straight in the database (bench:metrics, bench:load).
import type { Database } from '../src/server/platform/database/db.ts';

/**
 * A deterministic store written straight in SQL (setseed): every customer's first order among the first
 * ones, then repeat purchases skewed towards loyal customers, 2 % guest orders, 2.5 % cancelled, a
 * quarter with a discount code, and the usual Chilean dispatch and payment mixes.
 */
export async function generateStore(
  db: Database,
  storeId: number,
  { orders, customers }: { orders: number; customers: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select setseed(0.42)');
    await tx.query(
      `insert into products (store_id, external_id, title, product_type)
       select $1, n, 'Producto ' || n, (array['Poleras', 'Pantalones', 'Zapatillas', 'Accesorios'])[1 + n % 4] from generate_series(1, 300) as n`,
      [storeId],
    );
    await tx.query(
      `insert into customers (store_id, external_id, first_name, email, email_consent, sms_consent)
       select $1, n, 'Cliente ' || n, 'cliente' || n || '@correo.cl', random() < 0.8, random() < 0.6 from generate_series(1, $2) as n`,
      [storeId, customers],
    );
    await tx.query(
      `insert into orders (store_id, external_id, name, placed_at, total_amount, customer_external_id, discount_total, discount_codes,
                           payment_gateways, shipping_method, region, city, financial_status, cancelled_at)
       select $1, n, '#' || n, placed_at, total, customer, case when discounted then round(total * 0.1) else 0 end,
              case when discounted then jsonb_build_array((array['VERANO10', 'CYBER20', 'BIENVENIDA', 'VUELVE15'])[1 + floor(random() * 4)::integer]) else '[]' end,
              jsonb_build_array((array['Webpay Plus', 'Mercado Pago', 'Transferencia bancaria', 'Flow'])[1 + floor(random() * 4)::integer]),
              (array['Chilexpress', 'Starken', 'Blue Express', 'Retiro en tienda'])[1 + floor(random() * 4)::integer],
              (array['Región Metropolitana', 'Valparaíso', 'Biobío', 'Maule', 'Los Lagos'])[1 + floor(random() * 5)::integer],
              (array['Santiago', 'Viña del Mar', 'Concepción', 'Talca', 'Puerto Montt', 'Providencia', 'Ñuñoa'])[1 + floor(random() * 7)::integer],
              case when cancelled then 'REFUNDED' else 'PAID' end, case when cancelled then placed_at + interval '1 day' end
         from (select n, now() - random() * interval '1095 days' as placed_at, round((8000 + random() * 120000)::numeric) as total,
                      case when n <= $3 then n when random() < 0.02 then null else 1 + floor($3 * power(random(), 1.7))::bigint end as customer,
                      random() < 0.25 as discounted, random() < 0.025 as cancelled
                 from generate_series(1, $2) as n) as facts`,
      [storeId, orders, customers],
    );
    await tx.query(
      `insert into order_line_items (store_id, external_id, order_external_id, product_external_id, title, quantity, original_total, discounted_total)
       select $1, external_id * 2 + line, external_id, product, 'Producto ' || product, 1, total_amount / 2, (total_amount - discount_total) / 2
         from (select o.external_id, o.total_amount, o.discount_total, line, 1 + floor(random() * 300)::integer as product
                 from orders o cross join generate_series(0, 1) as line where o.store_id = $1) as lines`,
      [storeId],
    );
    await tx.query(
      `insert into abandoned_checkouts (store_id, external_id, customer_external_id, created_at, total_amount)
       select $1, n, 1 + floor(random() * $3)::bigint, now() - random() * interval '1095 days', 20000 from generate_series(1, $2) as n`,
      [storeId, Math.round(orders / 10), customers],
    );
  });
  await db.query('analyze');
}
