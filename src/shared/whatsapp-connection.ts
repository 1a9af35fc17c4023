/**
 * The contract's code for a request that needs the messaging app while the store has none connected (409), from
 * templates, campaigns and the chat alike. Its own module, free of the forms' rules: pages that only check for it
 * (the dashboard's WhatsApp section) load no validation code.
 */
export const WHATSAPP_NOT_CONNECTED = 'whatsapp_not_connected';
