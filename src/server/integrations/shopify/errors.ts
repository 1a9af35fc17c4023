/** Why a call to Shopify failed, for the import job and the store settings screen. */
export type ShopifyErrorCode =
  | 'invalid_credentials'
  | 'forbidden'
  | 'not_found'
  | 'http'
  | 'network'
  | 'graphql'
  | 'user_error'
  | 'throttled'
  | 'bulk_failed'
  | 'bulk_in_progress'
  | 'invalid_response';

export class ShopifyError extends Error {
  override name = 'ShopifyError';
  readonly code: ShopifyErrorCode;
  /** HTTP status when the failure came with one. */
  readonly status: number | undefined;
  /** A bulk operation's `errorCode` (ACCESS_DENIED, INTERNAL_SERVER_ERROR, TIMEOUT) when it ended FAILED. */
  readonly errorCode: string | undefined;

  constructor(code: ShopifyErrorCode, message: string, options: { status?: number; errorCode?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.errorCode = options.errorCode;
  }
}

/** The token is unknown, revoked or lacks a permission (401/403, ACCESS_DENIED): the screen says "credenciales inválidas". */
export class ShopifyAuthError extends ShopifyError {
  override name = 'ShopifyAuthError';

  constructor(message: string, options: { status?: number; forbidden?: boolean } = {}) {
    super(options.forbidden ? 'forbidden' : 'invalid_credentials', message, { status: options.status });
  }
}
