-- Shopify's test orders (Bogus Gateway, a provider's test mode) are kept as they come, flagged, and
-- never counted as sales.
alter table orders add column test boolean not null default false;
