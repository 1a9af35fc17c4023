import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions';
import { useAdAccountProps } from '../../../api/ad-account';
import { useCurrentStore } from '../../../api/current-store';
import { ApiError, describeApiError, lastNameIn, serverFieldErrorsOf } from '../../../api/errors';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { CREATE_CAMPAIGN_PATH, campaignDetailPath, INTEGRATIONS_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { toaster } from '../../../ui/toaster';
import {
  type AdCampaignStatus,
  metaConnectionProblemOf,
  useAdCampaigns,
  useDeleteAdCampaign,
  useSetAdCampaignActive,
  useSetAdCampaignDailyBudget,
} from '../api/campaigns';
import type { BudgetTarget, CampaignBudgetDialogProps } from '../screens/campaign-budget-dialog';
import type { CampaignDeleteDialogProps } from '../screens/campaign-delete-dialog';
import {
  CAMPAIGN_FILTERS,
  type CampaignAction,
  type CampaignFilter,
  type CampaignListItem,
  CampaignsListScreen,
} from '../screens/campaigns-list-screen';
import { campaignEditPath } from './paths';

const FILTER_PARAM = 'status';

/** What the actions need to know of a campaign: a list row and a detail both have it. */
export type ActionTarget = BudgetTarget & { status: AdCampaignStatus };

export interface CampaignActionsOptions {
  /** After a deletion went through (the detail leaves for the list). */
  onDeleted?: () => void;
}

/**
 * The actions on a campaign shared by the list and the detail: activate or deactivate, edit, the daily
 * budget (its modal, checked against the ad account's minimum) and delete (its confirmation), with their toasts.
 */
export function useCampaignActions({ onDeleted }: CampaignActionsOptions = {}) {
  const { t } = useTranslation('toasts');
  const navigate = useNavigate();
  const { storeId } = useCurrentStore();
  const activation = useSetAdCampaignActive(storeId);
  const setBudget = useSetAdCampaignDailyBudget(storeId);
  const deletion = useDeleteAdCampaign(storeId);
  // Several activations may be under way at once, each on its own campaign.
  const [activating, setActivating] = useState<readonly number[]>([]);
  const [budgetTarget, setBudgetTarget] = useState<BudgetTarget | null>(null);
  const [budgetError, setBudgetError] = useState<string | undefined>(undefined);
  const [deleteTarget, setDeleteTarget] = useState<BudgetTarget | null>(null);
  // The minimum is asked for when the modal opens, not with every list.
  const account = useAdAccountProps(storeId, budgetTarget !== null);

  const changeActivation = (campaign: ActionTarget, active: boolean) => {
    setActivating((ids) => [...ids, campaign.id]);
    activation.mutate(
      { campaignId: campaign.id, active },
      {
        onSuccess: () =>
          toaster.show({
            status: 'success',
            message: t(active ? 'adCampaigns.activated' : 'adCampaigns.deactivated', { name: campaign.name }),
          }),
        onError: (error) =>
          toaster.show({
            status: 'error',
            message: describeApiError(error, {
              failed: t(active ? 'adCampaigns.activateFailed' : 'adCampaigns.deactivateFailed'),
              serverMessages: 'any',
            }).message,
          }),
        onSettled: () => setActivating((ids) => ids.filter((id) => id !== campaign.id)),
      },
    );
  };

  const act = (campaign: ActionTarget, action: CampaignAction) => {
    const target = { id: campaign.id, name: campaign.name, dailyBudget: campaign.dailyBudget };
    if (action === 'activate' || action === 'deactivate') changeActivation(campaign, action === 'activate');
    else if (action === 'edit') void navigate(campaignEditPath(campaign.id));
    else if (action === 'budget') {
      setBudgetError(undefined);
      setBudgetTarget(target);
    } else setDeleteTarget(target);
  };

  const budget: CampaignBudgetDialogProps = {
    campaign: budgetTarget,
    account: loadableOf(account),
    saving: setBudget.isPending,
    serverError: budgetError,
    onCancel: () => setBudgetTarget(null),
    onSave: (dailyBudget) => {
      if (!budgetTarget) return;
      const { name } = budgetTarget;
      setBudgetError(undefined);
      setBudget.mutate(
        { campaignId: budgetTarget.id, dailyBudget },
        {
          onSuccess: () => {
            setBudgetTarget(null);
            toaster.show({ status: 'success', message: t('adCampaigns.budgetUpdated', { name }) });
          },
          onError: (error) => {
            const described = describeApiError(error, { failed: t('adCampaigns.budgetUpdateFailed'), serverMessages: 'any' });
            // The amount refused (400 below the account's minimum, 422 when Meta asks for more): said on the field, where it is corrected.
            if (error instanceof ApiError && (error.status === 400 || error.status === 422))
              setBudgetError(serverFieldErrorsOf(error, lastNameIn(['dailyBudget'])).dailyBudget ?? described.message);
            else toaster.show({ status: 'error', message: described.message });
          },
        },
      );
    },
  };

  const deletionDialog: CampaignDeleteDialogProps = {
    name: deleteTarget?.name ?? null,
    deleting: deletion.isPending,
    onCancel: () => setDeleteTarget(null),
    onConfirm: () => {
      if (!deleteTarget) return;
      const { name } = deleteTarget;
      deletion.mutate(deleteTarget.id, {
        onSuccess: () => {
          setDeleteTarget(null);
          toaster.show({ status: 'success', message: t('adCampaigns.deleted', { name }) });
          onDeleted?.();
        },
        onError: () => toaster.show({ status: 'error', message: t('adCampaigns.deleteFailed') }),
      });
    },
  };

  return { activating, act, budget, deletion: deletionDialog };
}

export function CampaignsRoute() {
  const { role, storeId } = useCurrentStore();
  const [search, setSearch] = useSearchParams();
  const filter: CampaignFilter = CAMPAIGN_FILTERS.find((value) => value !== 'all' && value === search.get(FILTER_PARAM)) ?? 'all';
  const campaigns = useAdCampaigns(storeId, filter === 'all' ? null : filter);
  const actions = useCampaignActions();
  const metaProblem = campaigns.isError ? metaConnectionProblemOf(campaigns.error) : null;
  const loaded = loadableOf(campaigns);
  const items: Loadable<readonly CampaignListItem[]> =
    loaded.status === 'success' ? { status: 'success', data: loaded.data.campaigns } : loaded;

  return (
    <CampaignsListScreen
      campaigns={items}
      onRetry={() => void campaigns.refetch()}
      metaProblem={metaProblem}
      // Integrations open to the roles that may connect Meta there (SPEC §2: not collaborators).
      integrationsHref={can(role, 'updateMetaSettings') ? INTEGRATIONS_PATH : undefined}
      filter={filter}
      onFilterChange={(value) =>
        setSearch(
          (current) => {
            if (value === 'all') current.delete(FILTER_PARAM);
            else current.set(FILTER_PARAM, value);
            return current;
          },
          { replace: true },
        )
      }
      createHref={CREATE_CAMPAIGN_PATH}
      detailHref={campaignDetailPath}
      onAction={actions.act}
      activating={actions.activating}
      budget={actions.budget}
      deletion={actions.deletion}
      linkComponent={RouterLink}
    />
  );
}
