import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { type MessagingField, type MessagingInput, type MessagingPrerequisite, messagingSchema } from '../../../../shared/messaging';
import type { Loadable } from '../../../api/loadable';
import { useZodForm } from '../../../lib/forms';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import type { FieldErrorMessage } from '../../../ui/field';
import { Link } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { Select, type SelectOption } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { FormAlert, type FormError } from './store-form-screen';

type WhatsappSettingsOptions = components['schemas']['WhatsappSettingsOptions'];
type WhatsappSelection = components['schemas']['WhatsappSelection'];
type WhatsappMessagingLimit = components['schemas']['WhatsappMessagingLimit'];

export type MessagingFormError = FormError<MessagingField>;

export interface MessagingFormScreenProps {
  /** What must be connected first (SPEC §5): the store, then social ads; null when nothing is missing. */
  required: MessagingPrerequisite | null;
  /** Goes to connect what is missing; absent, the state only says so. */
  onConnectRequired?: (() => void) | undefined;
  /** The social ads business's WhatsApp Business Accounts and one account's numbers; absent while something is required. */
  options?: Loadable<WhatsappSettingsOptions> | undefined;
  /** Another account's numbers are on their way. */
  optionsReloading?: boolean;
  onReloadOptions?: (() => void) | undefined;
  /** An account was chosen: its numbers are read, and the number starts over. */
  onAccountChange?: ((whatsappId: string) => void) | undefined;
  /** The saved account and number, which the form starts from while Meta still offers them. */
  selection?: WhatsappSelection | null;
  onSubmit: (values: MessagingInput) => void;
  onCancel?: (() => void) | undefined;
  saving?: boolean;
  /** What the server refused: a field's reason beside it, anything else (Meta failing) above the form. */
  error?: MessagingFormError | null;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const note = css({ textStyle: 'note', color: 'fg.muted' });
const business = css({ textStyle: 'note', color: 'fg.default', fontWeight: 'semibold' });
const group = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const actions = css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' });

/** Meta's tutorial on verifying a business, which WhatsApp needs (SPEC §2, §6). */
function VerificationTutorial() {
  const { t } = useTranslation('integrations');
  return (
    <Link href={t('messagingForm.verification.tutorialUrl')} target="_blank" rel="noopener noreferrer">
      {t('messagingForm.verification.tutorial')}
    </Link>
  );
}

/**
 * The messaging form of SPEC §2: the WhatsApp Business Account (`whatsappId`) and the phone number, read
 * from the business manager the social ads integration saved; a link to edit the account in WhatsApp
 * Manager, and Meta's business-verification tutorial. The store and social ads come first (SPEC §5).
 */
export function MessagingFormScreen(props: MessagingFormScreenProps) {
  const { t } = useTranslation('integrations');
  const { required, onConnectRequired, options, onReloadOptions, onCancel } = props;
  const cancel = onCancel ? (
    <Button variant="outline" onClick={onCancel}>
      {t('messagingForm.cancel')}
    </Button>
  ) : undefined;

  if (required)
    return (
      <EmptyState
        title={t(`messagingForm.required.${required}.title`)}
        description={t(`messagingForm.required.${required}.description`)}
        action={
          onConnectRequired ? <Button onClick={onConnectRequired}>{t(`messagingForm.required.${required}.action`)}</Button> : undefined
        }
        secondaryAction={cancel}
      />
    );
  return (
    <div className={root}>
      <p className={note}>{t('messagingForm.description')}</p>
      <LoadableView
        // Until the container asks for them, the options are on their way.
        loadable={options ?? { status: 'loading' }}
        loading={
          <div aria-busy="true" data-testid="messaging-options-loading" className={root}>
            <p className={note}>{t('messagingForm.loading')}</p>
            <Skeleton lines={4} />
          </div>
        }
        // The options come from Meta: a failure is said as Meta's, whatever its cause.
        error={() => (
          <EmptyState
            tone="error"
            title={t('messagingForm.optionsError.title')}
            description={t('messagingForm.optionsError.description')}
            action={
              onReloadOptions ? (
                <Button variant="outline" size="sm" onClick={onReloadOptions}>
                  {t('messagingForm.optionsError.retry')}
                </Button>
              ) : undefined
            }
            secondaryAction={cancel}
          />
        )}
      >
        {(offered) =>
          offered.accounts.length === 0 ? (
            <div className={root}>
              <p className={business}>{t('messagingForm.business', { name: offered.business.name })}</p>
              <EmptyState
                title={t('messagingForm.noAccounts.title')}
                description={t('messagingForm.noAccounts.description')}
                secondaryAction={cancel}
              />
              <VerificationTutorial />
            </div>
          ) : (
            <ChoiceForm {...props} options={offered} />
          )
        }
      </LoadableView>
    </div>
  );
}

/** The saved account and number where Meta still offers them; else the account the options are for, and no number. */
export function messagingDefaults(selection: WhatsappSelection | null | undefined, options: WhatsappSettingsOptions): MessagingInput {
  const sameAccount = selection?.whatsappAccount.id === options.whatsappId;
  const number = sameAccount ? options.phoneNumbers.find((phone) => phone.id === selection?.phoneNumber.id) : undefined;
  return { whatsappId: options.whatsappId ?? '', whatsappPhoneNumberId: number?.id ?? '' };
}

/** The messaging limit in the merchant's words: customers reachable in 24 hours. */
export function useLimitText() {
  const { t } = useTranslation('integrations');
  return (limit: WhatsappMessagingLimit) => (limit === null ? t('messaging.limit.unknown') : t(`messaging.limit.${limit}`));
}

interface ChoiceFormProps extends Omit<MessagingFormScreenProps, 'options' | 'required'> {
  options: WhatsappSettingsOptions;
}

function ChoiceForm({
  options,
  selection,
  optionsReloading = false,
  onAccountChange,
  onSubmit,
  onCancel,
  saving = false,
  error = null,
}: ChoiceFormProps) {
  const { t } = useTranslation('integrations');
  const limitText = useLimitText();
  const {
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useZodForm(messagingSchema, { textGroup: 'integrations', defaultValues: messagingDefaults(selection, options) });
  const whatsappId = useWatch({ control, name: 'whatsappId' });
  const phoneNumberId = useWatch({ control, name: 'whatsappPhoneNumberId' });
  const account = options.accounts.find((candidate) => candidate.id === whatsappId);
  const numbers = optionsReloading ? [] : options.phoneNumbers;
  const phone = numbers.find((candidate) => candidate.id === phoneNumberId);
  // A rule broken here wins; otherwise the server's words for that field.
  const fieldError = (field: MessagingField): FieldErrorMessage => errors[field] ?? error?.fieldErrors[field];
  const accountChoices: SelectOption[] = options.accounts.map(({ id, name }) => ({ value: id, label: name }));
  const numberChoices: SelectOption[] = numbers.map(({ id, displayPhoneNumber, verifiedName }) => ({
    value: id,
    label: t('messagingForm.phoneOption', { number: displayPhoneNumber, name: verifiedName }),
  }));
  const noNumbers = !optionsReloading && numbers.length === 0;

  return (
    <form className={root} noValidate onSubmit={handleSubmit((values) => onSubmit(values))} aria-label={t('messagingForm.title')}>
      <p className={business}>{t('messagingForm.business', { name: options.business.name })}</p>
      <FormAlert error={error} />
      <div className={group}>
        <Controller
          control={control}
          name="whatsappId"
          render={({ field }) => (
            <Select
              label={t('messagingForm.fields.whatsappId')}
              name={field.name}
              options={accountChoices}
              value={field.value || null}
              onValueChange={(value) => {
                if (value === null || value === field.value) return;
                field.onChange(value);
                setValue('whatsappPhoneNumberId', '');
                onAccountChange?.(value);
              }}
              error={fieldError('whatsappId')}
              disabled={saving}
            />
          )}
        />
        {account ? (
          <Link href={account.manageUrl} target="_blank" rel="noopener noreferrer">
            {t('messagingForm.manage')}
          </Link>
        ) : null}
      </div>
      {account && !account.businessVerified ? <Banner tone="warning" message={t('messagingForm.verification.unverified')} /> : null}
      {noNumbers ? <Banner tone="warning" message={t('messagingForm.noNumbers')} /> : null}
      <div aria-busy={optionsReloading || undefined}>
        <Controller
          control={control}
          name="whatsappPhoneNumberId"
          render={({ field }) => (
            <Select
              label={t('messagingForm.fields.whatsappPhoneNumberId')}
              name={field.name}
              options={numberChoices}
              value={field.value || null}
              onValueChange={(value) => field.onChange(value ?? '')}
              placeholder={optionsReloading ? t('messagingForm.reloading') : noNumbers ? t('socialAdsForm.options.noChoices') : undefined}
              helperText={
                phone ? t('messagingForm.qualityOption', { quality: t(`messaging.qualityRating.${phone.qualityRating}`) }) : undefined
              }
              error={fieldError('whatsappPhoneNumberId')}
              disabled={saving || optionsReloading || noNumbers}
            />
          )}
        />
      </div>
      <p className={note}>{t('messagingForm.limit', { limit: limitText(options.messagingLimit) })}</p>
      <VerificationTutorial />
      <div className={actions}>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            {t('messagingForm.cancel')}
          </Button>
        ) : null}
        {/* Without a number there is nothing to save: the warning above says why. */}
        <Button type="submit" loading={saving} disabled={(optionsReloading || noNumbers) && !saving}>
          {saving ? t('messagingForm.saving') : t('messagingForm.submit')}
        </Button>
      </div>
    </form>
  );
}
