// Where the campaigns' pages are: the list, the detail and the wizard link to each other.

export const CAMPAIGNS_PATH = '/campaigns';
export const CREATE_CAMPAIGN_PATH = `${CAMPAIGNS_PATH}/create`;
export const campaignDetailPath = (campaignId: number) => `${CAMPAIGNS_PATH}/${campaignId}`;
export const campaignEditPath = (campaignId: number) => `${CAMPAIGNS_PATH}/${campaignId}/edit`;
