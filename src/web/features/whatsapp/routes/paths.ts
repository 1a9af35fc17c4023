import type { RecordId } from '../../../lib/paths';

export const WHATSAPP_PATH = '/whatsapp';
export const CREATE_TEMPLATE_PATH = `${WHATSAPP_PATH}/templates/create`;
export const templatePath = (templateId: RecordId) => `${WHATSAPP_PATH}/templates/${templateId}`;
export const CREATE_WHATSAPP_CAMPAIGN_PATH = `${WHATSAPP_PATH}/campaigns/create`;
export const whatsappCampaignPath = (campaignId: RecordId) => `${WHATSAPP_PATH}/campaigns/${campaignId}`;
/** A template's form: its detail's address, asked to edit (SPEC §2 gives the template one address). */
export const templateEditPath = (templateId: RecordId) => `${templatePath(templateId)}?${TEMPLATE_EDIT_PARAM}`;
export const TEMPLATE_EDIT_PARAM = 'editar';
/** The WhatsApp page on its templates tab. */
export const WHATSAPP_TEMPLATES_PATH = `${WHATSAPP_PATH}?tab=templates`;
