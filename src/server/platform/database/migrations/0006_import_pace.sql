-- Imported store data keeps its store_id without a foreign key: PGlite checks a foreign key with one
-- query per written row, which cost more than writing the row itself (an order import ran about a
-- third faster without them). Stores are never deleted, and every query filters by store_id.
alter table products drop constraint products_store_id_fkey;
alter table customers drop constraint customers_store_id_fkey;
alter table orders drop constraint orders_store_id_fkey;
alter table order_line_items drop constraint order_line_items_store_id_fkey;
alter table abandoned_checkouts drop constraint abandoned_checkouts_store_id_fkey;

-- A line item is only ever read through its order: one key serves that and keeps it unique, where
-- two indexes were maintained on every write.
alter table order_line_items drop constraint order_line_items_pkey;
drop index order_line_items_order_idx;
alter table order_line_items add primary key (store_id, order_external_id, external_id);
