import { WHATSAPP_NOT_CONNECTED } from '../../../../shared/whatsapp-connection';
import { ApiError } from '../../../api/errors';

/** The messaging app is not connected (409 `whatsapp_not_connected`): a page leads to Integrations instead of failing. */
export function whatsappNotConnected(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === WHATSAPP_NOT_CONNECTED;
}
