import { accountHandlers } from './account';
import { adCampaignsHandlers } from './ad-campaigns';
import { campaignFormHandlers } from './campaign-form';
import { chatHandlers } from './chat';
import { dashboardHandlers } from './dashboard';
import { integrationsHandlers } from './integrations';
import { liveHandlers } from './live';
import { segmentFormHandlers } from './segment-form';
import { segmentsHandlers } from './segments';
import { sessionHandlers } from './session';
import { signupHandlers } from './signup';
import { billingHandlers } from './subscription';
import { teamHandlers } from './team';
import { whatsappCampaignsHandlers } from './whatsapp-campaigns';
import { whatsappTemplatesHandlers } from './whatsapp-templates';

/** What every story and test gets unless it overrides a call. */
export const handlers = [
  ...sessionHandlers,
  ...dashboardHandlers,
  ...integrationsHandlers,
  ...signupHandlers,
  ...teamHandlers,
  ...accountHandlers,
  ...segmentsHandlers,
  ...segmentFormHandlers,
  ...adCampaignsHandlers,
  ...campaignFormHandlers,
  ...whatsappTemplatesHandlers,
  // After the templates' own: their calls answer the templates there.
  ...whatsappCampaignsHandlers,
  ...chatHandlers,
  ...billingHandlers,
  ...liveHandlers,
];

export default handlers;
