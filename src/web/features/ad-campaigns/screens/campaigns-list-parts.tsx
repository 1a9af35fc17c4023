import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import { formatDate, formatDateRange } from '../../../../shared/format';
import { StatusBadge } from '../../../ui/badge';

type AdCampaignStatus = components['schemas']['AdCampaignStatus'];
export type AdCampaignType = components['schemas']['AdCampaignType'];
export type AdCampaignNotEditableReason = components['schemas']['AdCampaignNotEditableReason'];

/** The filters of the list, "Todas" first. */
export const CAMPAIGN_FILTERS = ['all', 'active', 'finished', 'deactivated', 'scheduled'] as const satisfies readonly (
  | AdCampaignStatus
  | 'all'
)[];

export type CampaignFilter = (typeof CAMPAIGN_FILTERS)[number];

/** The list's and detail's actions on one campaign. */
export type CampaignAction = 'activate' | 'deactivate' | 'edit' | 'budget' | 'delete';

/** A campaign's status in the merchant's words: a paused campaign reads "Desactivada" (SPEC §4). */
export function CampaignStatusBadge({ status }: { status: AdCampaignStatus }) {
  return <StatusBadge kind="adCampaign" status={status === 'deactivated' ? 'paused' : status} />;
}

/** What can be done to a campaign now: activate what is deactivated, deactivate what runs or is about to. */
export function toggleActionOf(status: AdCampaignStatus): 'activate' | 'deactivate' | null {
  if (status === 'deactivated') return 'activate';
  if (status === 'active' || status === 'scheduled') return 'deactivate';
  return null;
}

/** The days a campaign runs: "1–31 mar 2026", or "Desde el 1 mar 2026, sin fecha de término". */
export function useCampaignDates() {
  const { t } = useTranslation('campaigns');
  return (startAt: string, endAt: string | null) =>
    endAt === null ? t('table.noEnd', { start: formatDate(startAt) }) : formatDateRange(startAt, endAt);
}
