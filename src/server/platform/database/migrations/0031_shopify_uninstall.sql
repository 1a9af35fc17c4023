-- When the shop uninstalled the app (app/uninstalled): its token no longer works, so nothing is fetched
-- with it and its webhooks are not applied, but the store's data stays until the merchant connects the
-- shop again or Shopify asks for its redaction (shop/redact). Installing the app again clears it.
alter table shopify_connections add column uninstalled_at timestamptz;
