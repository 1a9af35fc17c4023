import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { INSTALL_CALLBACK_PATH, SHOPIFY_WEBHOOK_PATH } from '../../../../../src/server/features/integrations/index.ts';
import { SHOPIFY_API_VERSION } from '../../../../../src/server/integrations/shopify/client.ts';
import {
  APP_CONFIG_TOPICS,
  COMPLIANCE_TOPICS,
  REQUIRED_SCOPES,
  SUBSCRIBED_TOPICS,
  WEBHOOK_TOPIC_HEADER,
} from '../../../../../src/server/integrations/shopify/types.ts';
import { loadConfig } from '../../../../../src/server/platform/config.ts';

// shopify.app.toml, the app's configuration Shopify reads on deploy, says what the code says: the same
// scopes, API version, topics and addresses, so neither can change without the other.

type Value = string | boolean | string[];
type Table = Record<string, Value>;

/** The part of TOML the file uses: comments, `[table]`, `[[array.of.tables]]`, strings, booleans and string arrays. */
function parseToml(text: string): { root: Table; tables: Record<string, Table>; arrays: Record<string, Table[]> } {
  const root: Table = {};
  const tables: Record<string, Table> = {};
  const arrays: Record<string, Table[]> = {};
  let current = root;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+#.*$|^\s*#.*$/, '').trim();
    if (!line) continue;
    const arrayHeader = /^\[\[([\w.]+)\]\]$/.exec(line);
    const tableHeader = /^\[([\w.]+)\]$/.exec(line);
    if (arrayHeader) {
      current = {};
      (arrays[arrayHeader[1]!] ??= []).push(current);
    } else if (tableHeader) current = tables[tableHeader[1]!] ??= {};
    else {
      const pair = /^(\w+)\s*=\s*(.+)$/.exec(line);
      if (!pair) throw new Error(`Línea que el test no sabe leer: ${raw}`);
      current[pair[1]!] = JSON.parse(pair[2]!) as Value;
    }
  }
  return { root, tables, arrays };
}

const config = parseToml(await readFile(new URL('../../../../../shopify.app.toml', import.meta.url), 'utf8'));
const base = config.root.application_url as string;
const at = (path: string) => new URL(path, base).href;

describe('shopify.app.toml', () => {
  it('asks for exactly the scopes the import needs', () => {
    expect((config.tables.access_scopes!.scopes as string).split(',')).toEqual([...REQUIRED_SCOPES]);
  });

  it('calls the API version the client calls, and sends the install back to our callback', () => {
    expect(config.tables.webhooks!.api_version).toBe(SHOPIFY_API_VERSION);
    expect(config.tables.auth!.redirect_urls).toEqual([at(`${loadConfig({ NODE_ENV: 'test' }).backendPrefix}${INSTALL_CALLBACK_PATH}`)]);
    expect(config.root.embedded).toBe(false);
  });

  it('declares the compliance topics and app/uninstalled, posted where the server takes webhooks', () => {
    const subscriptions = config.arrays['webhooks.subscriptions']!;
    const compliance = subscriptions.filter((subscription) => 'compliance_topics' in subscription);
    expect(compliance.map((subscription) => subscription.compliance_topics)).toEqual([[...COMPLIANCE_TOPICS]]);
    const topics = subscriptions.flatMap((subscription) => (subscription.topics as string[] | undefined) ?? []);
    expect(topics).toEqual(APP_CONFIG_TOPICS.map((topic) => WEBHOOK_TOPIC_HEADER[topic]));
    // app/uninstalled is subscribed by the import too, for stores connected with their own app's token; no other topic is in both places.
    expect(SUBSCRIBED_TOPICS.filter((topic) => topics.includes(WEBHOOK_TOPIC_HEADER[topic]))).toEqual([...APP_CONFIG_TOPICS]);
    for (const subscription of subscriptions) expect(subscription.uri).toBe(at(SHOPIFY_WEBHOOK_PATH));
  });
});
