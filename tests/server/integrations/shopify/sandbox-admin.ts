import { SHOPIFY_API_VERSION } from '../../../../src/server/integrations/shopify/client.ts';
import { SANDBOX_SHOP, SANDBOX_TOKEN, type StartedSandbox } from '../../../../src/server/integrations/shopify/sandbox/index.ts';

/** Posts a GraphQL request to the sandbox's Admin endpoint with the demo token, as any client would send it. */
export async function postAdmin<T = Record<string, unknown>>(sandbox: StartedSandbox, body: object): Promise<{ status: number; json: T }> {
  const url = sandbox.endpoint.replace('{shop}', SANDBOX_SHOP).replace('{version}', SHOPIFY_API_VERSION);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': SANDBOX_TOKEN },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}
