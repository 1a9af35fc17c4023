import type { RecordId } from '../../../lib/paths';

export const WHATSAPP_PATH = '/whatsapp';
export const CREATE_TEMPLATE_PATH = `${WHATSAPP_PATH}/templates/create`;
export const templatePath = (templateId: RecordId) => `${WHATSAPP_PATH}/templates/${templateId}`;
export const CREATE_WHATSAPP_CAMPAIGN_PATH = `${WHATSAPP_PATH}/campaigns/create`;
export const whatsappCampaignPath = (campaignId: RecordId) => `${WHATSAPP_PATH}/campaigns/${campaignId}`;
