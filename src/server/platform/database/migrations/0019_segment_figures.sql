-- The segments list's figures (customers, orders and income all time) kept on each segment, written by
-- its build and moved by the segments' subscriber as members and their aggregates change, so the list
-- reads one row per segment instead of summing every member of every segment on each call.
alter table segments
  add column orders integer not null default 0,
  add column income numeric(18, 2) not null default 0,
  -- The store average (mean of the customers' average order values) the members were last evaluated
  -- against, for rules that compare with it: when it moves, only the customers between the two values
  -- can change sides. Null when the rules do not read it, or before a build recorded it.
  add column store_average numeric;

-- Each member's orders and income as the segment's figures last counted them: what a refresh of the
-- customer's aggregates takes away from the figures before adding the new values.
alter table segment_members
  add column orders integer not null default 0,
  add column income numeric(16, 2) not null default 0;

update segment_members m set orders = s.orders_count, income = s.total_spent
  from customer_stats s
 where s.store_id = m.store_id and s.customer_external_id = m.customer_external_id;

update segments g
   set customers = f.customers, orders = f.orders, income = f.income
  from (select segment_id, count(*)::integer as customers, sum(orders)::integer as orders, sum(income) as income
          from segment_members group by segment_id) f
 where f.segment_id = g.id;
