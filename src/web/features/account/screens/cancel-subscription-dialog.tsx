import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { formatDate } from '../../../../shared/format';
import { useZodForm } from '../../../lib/forms';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Modal } from '../../../ui/dialog';
import { Textarea, useFieldErrorText } from '../../../ui/field';
import { RadioGroup } from '../../../ui/radio-group';
import { CANCEL_DETAILS_MAX, CANCEL_REASONS, type CancelSubscriptionInput, cancelSubscriptionSchema } from '../forms/cancel-subscription';

type CancelSubscriptionRequest = components['schemas']['CancelSubscriptionRequest'];

export interface CancelSubscriptionDialogProps {
  open: boolean;
  /** The reason first, then the confirmation that says what is deleted and when. */
  step: 'reason' | 'confirm';
  /** When the paid period ends: the account and the store's data are deleted that day. */
  deletionDate: string | null;
  /** What was chosen before going back from the confirmation. */
  defaultValues?: CancelSubscriptionInput | undefined;
  /** The cancellation is on its way. */
  pending?: boolean;
  /** Why the last try failed, already in Spanish. */
  error?: string | null;
  onOpenChange: (open: boolean) => void;
  /** A reason was given: ask for confirmation. */
  onContinue: (request: CancelSubscriptionRequest, values: CancelSubscriptionInput) => void;
  onBack: () => void;
  onConfirm: () => void;
}

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const alert = css({ color: 'danger.text', fontSize: 'sm', fontWeight: 'medium' });

/** SPEC §2 "Cancel subscription": a form with the reason, then a confirmation modal. */
export function CancelSubscriptionDialog(props: CancelSubscriptionDialogProps) {
  const { t } = useTranslation('cancelSubscription');
  const { open, step, deletionDate, pending = false, error, onOpenChange, onBack, onConfirm } = props;
  return (
    <>
      <Modal
        id="cancel-subscription-reason"
        open={open && step === 'reason'}
        onOpenChange={onOpenChange}
        title={t('title')}
        description={t('description')}
        closeOnInteractOutside={false}
        footer={<ReasonFooter onKeep={() => onOpenChange(false)} />}
      >
        <ReasonForm {...props} />
      </Modal>
      {/* "Volver" goes back to the reason; closing leaves the whole cancellation. */}
      <ConfirmDialog
        id="cancel-subscription-confirm"
        open={open && step === 'confirm'}
        texts={{
          title: t('confirmTitle'),
          description: deletionDate ? t('confirmDescription', { date: formatDate(deletionDate) }) : t('confirmDescriptionNoDate'),
          cancel: t('back'),
          confirm: t('confirm'),
          pending: t('canceling'),
        }}
        pending={pending}
        onCancel={onBack}
        onDismiss={() => onOpenChange(false)}
        onConfirm={onConfirm}
      >
        {error ? (
          <p role="alert" className={alert}>
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

const REASON_FORM_ID = 'cancel-subscription-form';

function ReasonFooter({ onKeep }: { onKeep: () => void }) {
  const { t } = useTranslation('cancelSubscription');
  return (
    <>
      <Button variant="outline" onClick={onKeep}>
        {t('keep')}
      </Button>
      <Button type="submit" form={REASON_FORM_ID}>
        {t('continue')}
      </Button>
    </>
  );
}

function ReasonForm({ defaultValues, onContinue }: CancelSubscriptionDialogProps) {
  const { t } = useTranslation('cancelSubscription');
  const radioName = useId();
  const {
    control,
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useZodForm(cancelSubscriptionSchema, {
    textGroup: 'cancelSubscription',
    defaultValues: defaultValues ?? { reason: '', details: '' },
  });
  const reasonError = useFieldErrorText(errors.reason);
  const options = CANCEL_REASONS.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }));
  return (
    <form id={REASON_FORM_ID} className={form} noValidate onSubmit={handleSubmit((request) => onContinue(request, getValues()))}>
      <Controller
        control={control}
        name="reason"
        render={({ field }) => (
          <RadioGroup
            name={radioName}
            legend={t('reason')}
            options={options}
            value={field.value || null}
            onValueChange={(value) => field.onChange(value ?? '')}
            error={reasonError}
          />
        )}
      />
      <Textarea
        label={t('details')}
        helperText={t('detailsHelp', { max: CANCEL_DETAILS_MAX })}
        error={errors.details}
        rows={4}
        {...register('details')}
      />
    </form>
  );
}
