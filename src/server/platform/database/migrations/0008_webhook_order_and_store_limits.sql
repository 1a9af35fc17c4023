-- When Shopify last changed a cart: a webhook or an export older than the stored state changes nothing.
alter table abandoned_checkouts add column updated_at timestamptz;

-- Who created the store (null for stores created before this column, or whose creator is gone): store
-- creation is capped per account, and one account keeps one store per Shopify shop.
alter table stores add column created_by integer references users (id) on delete set null;
create index stores_created_by_idx on stores (created_by, created_at);
