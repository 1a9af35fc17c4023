import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCurrentStore } from '../../../api/current-store';
import { describeApiError } from '../../../api/errors';
import { loadableOf } from '../../../api/loadable';
import { toaster } from '../../../ui/toaster';
import { useAccountDetails, useUpdateAccountDetails } from '../api/account-details';
import { useChangePassword, useCloseOtherSessions } from '../api/account-security';
import { AccountScreen } from '../screens/account-screen';
import type { FormError } from '../screens/form-alert';

export interface AccountRouteProps {
  storeTab: ReactNode;
}

/** A failed save on a form: the server's words (beside the fields of `fields` it named), or ours. */
function formErrorOf<Field extends string>(
  error: unknown,
  texts: { failed: string; network: string },
  fields: readonly Field[],
): FormError<Field> {
  const { message, fieldErrors } = describeApiError(error, texts);
  const onForm: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const fieldMessage = fieldErrors[field];
    if (fieldMessage !== undefined) onForm[field] = fieldMessage;
  }
  return { message, fieldErrors: onForm };
}

const NAME_FIELDS = ['name'] as const;
const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

export function AccountRoute({ storeTab }: AccountRouteProps) {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const { storeId } = useCurrentStore();
  const details = useAccountDetails();
  const updateDetails = useUpdateAccountDetails(storeId);
  const changePassword = useChangePassword();
  const closeOthers = useCloseOtherSessions();
  const [editingName, setEditingName] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  const network = t('details.network');

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
      storeTab={storeTab}
      defaultTab={params.get('tab') === 'store' ? 'store' : 'subscription'}
    />
  );
}
