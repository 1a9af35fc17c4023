import { CAMPAIGNS_PATH, type RecordId } from '../../../lib/paths';

// The campaigns' own addresses; the list, the detail and the wizard's, which others link to, are in lib/paths.ts.

export const campaignEditPath = (campaignId: RecordId) => `${CAMPAIGNS_PATH}/${campaignId}/edit`;
