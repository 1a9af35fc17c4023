-- The days each customer bought on (a counted order that day): "customers who bought in a period" and
-- "bought in one period and again in the next" count rows here, without reading the orders.
create table customer_order_days (
  store_id integer not null references stores (id) on delete cascade,
  day date not null,
  customer_external_id bigint not null,
  primary key (store_id, day, customer_external_id)
);

-- Someone who only left carts is not a customer: the active count is a subset of the customers who bought.
drop table cart_only_customers;
