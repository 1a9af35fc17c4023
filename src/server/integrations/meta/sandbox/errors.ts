import { AD_SUBCODES } from '../errors.ts';
import type { GraphErrorBody } from '../types.ts';

// The subcodes are the client's too: one list, which callers match on.
export { AD_SUBCODES };

/*
 * Graph's refusals in Graph's words: HTTP 400 and `{"error": {message, type, code, error_subcode?,
 * fbtrace_id}}` for nearly everything (Meta keeps 5xx for its own trouble), the texts as Meta writes
 * them so that a caller matching on them behaves as it would in production.
 */

export type GraphErrorFields = Omit<GraphErrorBody, 'fbtrace_id'>;

export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: GraphErrorFields,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export const oauthError = (code: number, message: string, subcode?: number, headers: Record<string, string> = {}) =>
  new GraphError(400, { message, type: 'OAuthException', code, ...(subcode === undefined ? {} : { error_subcode: subcode }) }, headers);

const methodError = (code: number, message: string, subcode?: number) =>
  new GraphError(400, { message, type: 'GraphMethodException', code, ...(subcode === undefined ? {} : { error_subcode: subcode }) });

/** What Graph answers for an id that does not exist and for one the caller may not see, alike. */
export const unsupportedRequest = (method: string, id: string) =>
  methodError(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    33,
  );

export const missingPermission = (permission: string) => oauthError(200, `(#200) Requires ${permission} permission to manage the object`);

export const invalidParameter = (message: string) => oauthError(100, `(#100) ${message}`);

export const nonexistingField = (field: string, type: string) =>
  invalidParameter(`Tried accessing nonexisting field (${field}) on node type (${type})`);

export const tokenRequired = () => oauthError(104, 'An access token is required to request this resource.');

export const unparsableToken = () => oauthError(190, 'Invalid OAuth access token - Cannot parse access token');

export const proofRequired = () => methodError(100, 'API calls from the server require an appsecret_proof argument');

export const proofInvalid = () => methodError(100, 'Invalid appsecret_proof provided in the API argument');

/** Meta writes times in these messages as `Wednesday, 14-Feb-18 18:00:00 PST`; the sandbox in UTC. */
export function metaTime(ms: number): string {
  const date = new Date(ms);
  const weekday = date.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const month = date.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  const two = (value: number) => String(value).padStart(2, '0');
  return `${weekday}, ${two(date.getUTCDate())}-${month}-${two(date.getUTCFullYear() % 100)} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC`;
}

/** Code 190 subcode 463, with Meta's text. */
export const expiredMessage = (expiredAt: number, now: number) =>
  `Error validating access token: Session has expired on ${metaTime(expiredAt)}. The current time is ${metaTime(now)}.`;

/** Code 190 subcode 458: the person removed the app (or its permissions). */
export const revokedMessage = (appId: string) => `Error validating access token: The user has not authorized application ${appId}.`;

export const requiredParameter = (name: string) => invalidParameter(`The parameter ${name} is required`);

export const enumParameter = (name: string, values: readonly string[]) =>
  invalidParameter(`Param ${name} must be one of {${values.join(', ')}}`);

/**
 * The Marketing API's refusals of what an object would become: "Invalid parameter", a subcode, and a
 * title and text for the person (error_user_title, error_user_msg), as Meta's answers carry them.
 */
export const adsRefusal = (subcode: number, title: string, userMessage: string) =>
  new GraphError(400, {
    message: 'Invalid parameter',
    type: 'OAuthException',
    code: 100,
    error_subcode: subcode,
    is_transient: false,
    error_user_title: title,
    error_user_msg: userMessage,
  });

/** Code 200 subcode 1870034, with Meta's text and where to accept the terms. */
export const termsNotAccepted = (termsUrl: string) =>
  new GraphError(400, {
    message: `(#200) Terms of service has not been accepted. To accept, go to ${termsUrl}`,
    type: 'OAuthException',
    code: 200,
    error_subcode: AD_SUBCODES.termsNotAccepted,
    is_transient: false,
    error_user_title: 'Custom Audience Terms Not Accepted',
    error_user_msg: `You'll need to agree to the Custom Audience terms before you can create or edit an audience or an ad set. To accept them, go to ${termsUrl}`,
  });
