-- The units in each customer's counted orders (the sum of their line items' quantities), kept by the
-- dashboard's rollups beside the orders they count, so a segment's average order size is a sum over
-- its members' aggregates instead of a pass over every order and line item of the store.
alter table customer_stats add column units bigint not null default 0;
update customer_stats s
   set units = u.units
  from (select o.store_id, o.customer_external_id, sum(l.quantity) as units
          from orders o
          join order_line_items l on l.store_id = o.store_id and l.order_external_id = o.external_id
         where o.customer_external_id is not null and not o.test and o.cancelled_at is null
           and coalesce(o.financial_status, '') not in ('PENDING', 'EXPIRED', 'VOIDED', 'REFUNDED')
         group by 1, 2) u
 where s.store_id = u.store_id and s.customer_external_id = u.customer_external_id;
