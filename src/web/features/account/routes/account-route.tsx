import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { components } from '../../../../shared/api/app.gen';
import { TRIAL_DAYS } from '../../../../shared/constants';
import { formatDate } from '../../../../shared/format';
import { can } from '../../../../shared/permissions';
import { useCurrentStore } from '../../../api/current-store';
import { describeApiError, lastNameIn, serverFieldErrorsOf } from '../../../api/errors';
import { loadableOf } from '../../../api/loadable';
import { INTEGRATIONS_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { useNow } from '../../../lib/use-now';
import { toaster } from '../../../ui/toaster';
import { useAccountDetails, useUpdateAccountDetails } from '../api/account-details';
import { useChangePassword, useCloseOtherSessions } from '../api/account-security';
import { useCancelSubscription, useSubscription } from '../api/subscription';
import type { CancelSubscriptionInput } from '../forms/cancel-subscription';
import { AccountScreen } from '../screens/account-screen';
import type { FormError } from '../screens/form-alert';
import { CHANGE_PLAN_PATH, PAYMENT_METHOD_PATH } from './paths';

type CancelSubscriptionRequest = components['schemas']['CancelSubscriptionRequest'];

export interface AccountRouteProps {
  storeTab: ReactNode;
}

/** A failed save on a form: the server's words (beside the fields of `fields` it named), or ours. */
function formErrorOf<Field extends string>(
  error: unknown,
  texts: { failed: string; network: string },
  fields: readonly Field[],
): FormError<Field> {
  const { message } = describeApiError(error, texts);
  return { message, fieldErrors: serverFieldErrorsOf(error, lastNameIn(fields)) };
}

const NAME_FIELDS = ['name'] as const;
const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

export function AccountRoute({ storeTab }: AccountRouteProps) {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const { storeId, role, isPending } = useCurrentStore();
  const now = useNow();
  const subscription = useSubscription(storeId);
  const details = useAccountDetails();
  const updateDetails = useUpdateAccountDetails(storeId);
  const changePassword = useChangePassword();
  const closeOthers = useCloseOtherSessions();
  const [editingName, setEditingName] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  const network = t('details.network');
  const cancel = useCancelFlow(storeId, subscription.data?.subscription ?? null);

  return (
    <AccountScreen
      details={loadableOf(details)}
      onRetry={() => void details.refetch()}
      name={{
        editing: editingName,
        saving: updateDetails.isPending,
        error: updateDetails.isError ? formErrorOf(updateDetails.error, { failed: t('details.nameFailed'), network }, NAME_FIELDS) : null,
        onEditingChange: (editing) => {
          updateDetails.reset();
          setEditingName(editing);
        },
        onSave: (values) =>
          updateDetails.mutate(values, {
            onSuccess: () => {
              setEditingName(false);
              toaster.show({ status: 'success', message: t('toasts.nameSaved') });
            },
          }),
      }}
      security={{
        password: {
          open: passwordOpen,
          saving: changePassword.isPending,
          error: changePassword.isError
            ? formErrorOf(changePassword.error, { failed: t('password.failed'), network }, PASSWORD_FIELDS)
            : null,
          onOpenChange: (open) => {
            changePassword.reset();
            setPasswordOpen(open);
          },
          onSave: (values) =>
            changePassword.mutate(values, {
              onSuccess: ({ closed }) => {
                setPasswordOpen(false);
                toaster.show({
                  status: 'success',
                  message: t('toasts.passwordChanged'),
                  description: closed > 0 ? t('toasts.passwordOthersClosed', { count: closed }) : undefined,
                });
              },
            }),
        },
        signOutOthers: {
          confirming: confirmingSignOut,
          pending: closeOthers.isPending,
          onConfirmingChange: setConfirmingSignOut,
          onConfirm: () =>
            closeOthers.mutate(undefined, {
              onSuccess: ({ closed }) =>
                toaster.show({ status: closed > 0 ? 'success' : 'default', message: t('toasts.sessionsClosed', { count: closed }) }),
              onError: (error) =>
                toaster.show({
                  status: 'error',
                  message: t('toasts.signOutOthersFailed'),
                  description: describeApiError(error, { failed: t('signOutOthers.failed'), network }).message,
                }),
              onSettled: () => setConfirmingSignOut(false),
            }),
        },
      }}
      subscription={{
        subscription: loadableOf(subscription),
        onRetry: () => void subscription.refetch(),
        now,
        trialDays: TRIAL_DAYS,
        changePlanHref: CHANGE_PLAN_PATH,
        canChangePlan: can(role, 'subscribe') && can(role, 'changePlan'),
        paymentMethodHref: can(role, 'updatePaymentDetails') ? PAYMENT_METHOD_PATH : null,
        onCancel: can(role, 'cancelSubscription') ? cancel.open : null,
        connectStoreHref: !isPending && storeId === undefined ? INTEGRATIONS_PATH : null,
        linkComponent: RouterLink,
      }}
      cancel={cancel.dialog}
      storeTab={storeTab}
      defaultTab={params.get('tab') === 'store' ? 'store' : 'subscription'}
    />
  );
}

type Subscription = components['schemas']['Subscription'];

/** "Cancelar suscripción": the reason, the confirmation, then the cancellation and its toast. */
function useCancelFlow(storeId: number | undefined, subscription: Subscription | null) {
  const { t } = useTranslation('account');
  const cancelSubscription = useCancelSubscription(storeId);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<{ request: CancelSubscriptionRequest; values: CancelSubscriptionInput } | null>(null);
  const [step, setStep] = useState<'reason' | 'confirm'>('reason');
  const close = () => {
    setOpen(false);
    setStep('reason');
    setChosen(null);
    cancelSubscription.reset();
  };
  return {
    open: () => setOpen(true),
    dialog: {
      open,
      step,
      // A trial ends on its last day; a paid period on its renewal date.
      deletionDate: subscription?.renewalDate ?? subscription?.trialEndsAt ?? null,
      defaultValues: chosen?.values,
      pending: cancelSubscription.isPending,
      error: cancelSubscription.isError
        ? describeApiError(cancelSubscription.error, { failed: t('toasts.cancelFailed'), network: t('details.network') }).message
        : null,
      onOpenChange: (next: boolean) => (next ? setOpen(true) : close()),
      onContinue: (request: CancelSubscriptionRequest, values: CancelSubscriptionInput) => {
        setChosen({ request, values });
        setStep('confirm');
      },
      onBack: () => {
        cancelSubscription.reset();
        setStep('reason');
      },
      onConfirm: () => {
        if (!chosen) return;
        cancelSubscription.mutate(chosen.request, {
          onSuccess: ({ subscription: canceled }) => {
            close();
            toaster.show({
              status: 'success',
              message: t('toasts.subscriptionCanceled'),
              description: t('toasts.subscriptionCanceledDescription', { date: formatDate(canceled?.cancellationDate) }),
            });
          },
        });
      },
    },
  };
}
