import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

/** Shopify's Admin API schema for the version the client calls (see schema/README.md). */
const SCHEMA_FILE = new URL('./schema/admin-2026-10.json.gz', import.meta.url);

let schema: GraphQLSchema | undefined;

/**
 * The Admin schema, built once per process on first use (about half a second: the introspection is
 * 11 MB of JSON). Only the sandbox and the tests need it; the client never loads it.
 */
export function adminSchema(): GraphQLSchema {
  if (!schema) {
    const introspection = JSON.parse(gunzipSync(readFileSync(SCHEMA_FILE)).toString('utf8')) as { data: IntrospectionQuery };
    schema = buildClientSchema(introspection.data);
  }
  return schema;
}
