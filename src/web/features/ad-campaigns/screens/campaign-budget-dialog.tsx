import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { formatMoney } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { NumberInput } from '../../../ui/number-input';

/** The ad account's currency and the smallest daily budget Meta takes from it. */
export interface AdAccountBudgetRules {
  currency: string;
  minDailyBudget: number;
}

export interface BudgetTarget {
  id: number;
  name: string;
  dailyBudget: number;
}

export interface CampaignBudgetDialogProps {
  /** The campaign whose daily budget is being changed; null when the modal is closed. */
  campaign: BudgetTarget | null;
  account: Loadable<AdAccountBudgetRules>;
  saving: boolean;
  /** The server's refusal of the amount (below the minimum, Meta's text), in its words. */
  serverError?: string | undefined;
  onCancel: () => void;
  onSave: (dailyBudget: number) => void;
}

const FORM_ID = 'campaign-budget-form';

type ClientError = 'required' | 'belowMinimum' | null;

function BudgetForm({
  campaign,
  account,
  saving,
  serverError,
  onSave,
}: Pick<CampaignBudgetDialogProps, 'account' | 'saving' | 'serverError' | 'onSave'> & { campaign: BudgetTarget }) {
  const { t } = useTranslation('campaigns');
  // The number the field reads as (NaN while empty); the field keeps its own text, so typing is never rewritten under the caret.
  const [amount, setAmount] = useState<number>(campaign.dailyBudget);
  const [error, setError] = useState<ClientError>(null);
  const rules = account.status === 'success' ? account.data : null;
  const minimum = rules ? formatMoney(rules.minDailyBudget, rules.currency) : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The minimum is the ad account's: until it is known nothing is sent.
    if (!rules) return;
    const next: ClientError = !Number.isFinite(amount) ? 'required' : amount < rules.minDailyBudget ? 'belowMinimum' : null;
    setError(next);
    if (next === null) onSave(Math.round(amount));
  };

  return (
    <form id={FORM_ID} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} noValidate onSubmit={submit}>
      <NumberInput
        id="campaign-budget"
        label={t('budget.label', { currency: rules?.currency ?? '' })}
        name="dailyBudget"
        defaultValue={String(campaign.dailyBudget)}
        onValueChange={({ valueAsNumber }) => {
          setAmount(valueAsNumber);
          setError(null);
        }}
        step={1000}
        disabled={saving}
        required
        helperText={
          rules
            ? t('budget.minimum', { amount: minimum, currency: rules.currency })
            : t(account.status === 'error' ? 'budget.minimumFailed' : 'budget.minimumLoading')
        }
        error={
          error === 'required'
            ? t('budget.errors.required')
            : error === 'belowMinimum' && rules
              ? t('budget.errors.belowMinimum', { amount: minimum, currency: rules.currency })
              : serverError
        }
      />
    </form>
  );
}

/** The daily-budget modal: the new amount, refused below the ad account's minimum before anything is sent. */
export function CampaignBudgetDialog({ campaign, account, saving, serverError, onCancel, onSave }: CampaignBudgetDialogProps) {
  const { t } = useTranslation('campaigns');
  return (
    <Modal
      id="campaign-budget"
      open={campaign !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onCancel();
      }}
      title={t('budget.title', { name: campaign?.name ?? '' })}
      description={t('budget.description')}
      footer={
        <>
          <Button variant="outline" disabled={saving} onClick={onCancel}>
            {t('budget.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={saving} disabled={account.status !== 'success'}>
            {t('budget.save')}
          </Button>
        </>
      }
    >
      {/* Keyed by campaign: each opening starts from that campaign's budget. */}
      {campaign ? (
        <BudgetForm key={campaign.id} campaign={campaign} account={account} saving={saving} serverError={serverError} onSave={onSave} />
      ) : null}
    </Modal>
  );
}
