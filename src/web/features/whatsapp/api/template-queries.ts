import { appClient } from '../../../api/clients';
import { whatsappTemplateKeys } from '../../../api/keys';
import { storeQuery } from '../../../api/store-query';

/*
 * The templates' reads alone, for the pages' prefetch: it runs while the app starts, so it must not bring
 * the form's rules (zod) into the code every page loads.
 */

type StoreKeyId = number | undefined;

/** The store's templates, the most recently changed first. */
export const whatsappTemplatesQueryOptions = (storeId: StoreKeyId) =>
  storeQuery(whatsappTemplateKeys.list(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/whatsappTemplates', { params: { path: { id } }, signal }),
  );

/** One template with its content and status history (the form and the detail). */
export const whatsappTemplateQueryOptions = (storeId: StoreKeyId, templateId: number) =>
  storeQuery(whatsappTemplateKeys.detail(storeId, templateId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/whatsappTemplates/{templateId}', { params: { path: { id, templateId } }, signal }),
  );
