import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { formatClp } from '../../../../shared/format';
import { MARKETING_INVESTMENT_MAX, marketingInvestmentSchema } from '../../../../shared/marketing-investment';
import { useZodForm } from '../../../lib/forms';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { NumberInput } from '../../../ui/number-input';

type MarketingInvestmentRequest = components['schemas']['MarketingInvestmentRequest'];

export interface InvestmentDialogProps {
  open: boolean;
  /** The year the investment is for. */
  year: number;
  /** The year's investment as saved, to start from; null when none is set. */
  amount: number | null;
  submitting: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (investment: MarketingInvestmentRequest) => void;
}

const FORM_ID = 'marketing-investment-form';

/** The investment-update modal: the year's marketing investment, checked as the server checks it. */
export function InvestmentDialog({ open, year, amount, submitting, onOpenChange, onSave }: InvestmentDialogProps) {
  const { t } = useTranslation('dashboard');
  const { control, handleSubmit, reset } = useZodForm(marketingInvestmentSchema, {
    textGroup: 'dashboard',
    // NaN is the number input's empty field: "required", never a silent zero.
    values: { year, amount: amount ?? Number.NaN },
  });
  return (
    <Modal
      id="marketing-investment"
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('investment.title', { year })}
      description={t('investment.description', { year })}
      footer={
        <>
          <Button variant="outline" disabled={submitting} onClick={() => onOpenChange(false)}>
            {t('investment.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={submitting}>
            {submitting ? t('investment.saving') : t('investment.save')}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        noValidate
        onSubmit={handleSubmit((values) => onSave(values))}
      >
        <Controller
          control={control}
          name="amount"
          render={({ field, fieldState }) => (
            <NumberInput
              label={t('investment.amount')}
              name={field.name}
              value={Number.isFinite(field.value) ? String(field.value) : ''}
              onValueChange={({ valueAsNumber }) => field.onChange(valueAsNumber)}
              // Above the maximum the field says so as it is typed; the form refuses it on saving too.
              max={MARKETING_INVESTMENT_MAX}
              step={100_000}
              disabled={submitting}
              required
              error={fieldState.error}
              errorValues={{ max: formatClp(MARKETING_INVESTMENT_MAX) }}
            />
          )}
        />
      </form>
    </Modal>
  );
}
