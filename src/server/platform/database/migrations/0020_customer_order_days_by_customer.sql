-- Segment rules ask whether one customer bought within a period (features/segments/compiler.ts): the
-- buying days by customer, beside the primary key's days by day.
create index customer_order_days_customer_idx on customer_order_days (store_id, customer_external_id, day);
