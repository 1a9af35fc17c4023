import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGING_FIELDS, type MessagingPrerequisite } from '../../../../shared/messaging';
import { ApiError, describeApiError, lastNameIn, serverFieldErrorsOf } from '../../../api/errors';
import { storeKeys } from '../../../api/keys';
import { loadableOf } from '../../../api/loadable';
import { useUpdateWhatsappSettings, useWhatsappSettings, useWhatsappSettingsOptions } from '../api/messaging';
import { type MessagingFormError, MessagingFormScreen } from '../screens/messaging-form-screen';

/** The server's refusal, as it wrote it: every 4xx, and Meta failing (502). Our own failures (500) get our words. */
const SERVER_MESSAGES = [400, 403, 404, 409, 422, 502] as const;

/** A refused choice beside its field (not an option); anything else above the form. */
export function toMessagingFormError(error: unknown, texts: { network: string; failed: string }): MessagingFormError {
  const { message } = describeApiError(error, { ...texts, serverMessages: SERVER_MESSAGES });
  return { message, fieldErrors: serverFieldErrorsOf(error, lastNameIn(MESSAGING_FIELDS)) };
}

export interface MessagingFormRouteProps {
  storeId: number;
  /** What must be connected first, as the Integrations cards say (SPEC §5); null when nothing is missing. */
  required: MessagingPrerequisite | null;
  /** Goes to connect what is missing (the store form, or the social ads dialog). */
  onConnectRequired: (required: MessagingPrerequisite) => void;
  onSaved: () => void;
  onCancel?: () => void;
}

/** The WhatsApp dialog's container: the social ads business's accounts and numbers, and saving the choice. */
export function MessagingFormRoute({ storeId, required, onConnectRequired, onSaved, onCancel }: MessagingFormRouteProps) {
  const { t } = useTranslation('integrations');
  const queryClient = useQueryClient();
  const settings = useWhatsappSettings(storeId);
  const save = useUpdateWhatsappSettings(storeId);
  const [whatsappId, setWhatsappId] = useState<string | null>(null);
  const options = useWhatsappSettingsOptions(storeId, whatsappId, required === null);

  // A prerequisite gone meanwhile (Meta disconnected or to renew): the cards read the integrations again.
  const optionsError = options.error;
  useEffect(() => {
    if (optionsError instanceof ApiError && optionsError.status === 409)
      void queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) });
  }, [queryClient, storeId, optionsError]);

  const texts = { network: t('messagingForm.network'), failed: t('messagingForm.failed') };
  return (
    <MessagingFormScreen
      required={required}
      onConnectRequired={required ? () => onConnectRequired(required) : undefined}
      // The saved choice is the form's start: the options wait for it so the form opens on it.
      options={settings.isPending ? { status: 'loading' } : loadableOf(options)}
      optionsReloading={options.isPlaceholderData}
      onReloadOptions={() => void options.refetch()}
      onAccountChange={(id) => {
        save.reset();
        setWhatsappId(id);
      }}
      selection={settings.data?.selection ?? null}
      onSubmit={(values) => save.mutate(values, { onSuccess: onSaved })}
      onCancel={onCancel}
      saving={save.isPending}
      error={save.isError ? toMessagingFormError(save.error, texts) : null}
    />
  );
}
