import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import {
  type ShopifyInstallInput,
  type ShopifySettingsInput,
  shopifyInstallSchema,
  shopifySettingsSchema,
} from '../../../../shared/shopify-settings';
import { useZodForm } from '../../../lib/forms';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { PasswordInput, TextInput, type TextInputProps } from '../../../ui/field';
import { Link } from '../../../ui/link';
import { Spinner } from '../../../ui/spinner';

export type StoreFormField = keyof ShopifySettingsInput;

/** What the server refused: its Spanish messages, per field when it named one. */
export interface FormError<Field extends string> {
  message: string | null;
  fieldErrors: Partial<Record<Field, string>>;
}

export type StoreFormError = FormError<StoreFormField>;
export type InstallFormError = FormError<keyof ShopifyInstallInput>;

/** "Conectar con Shopify": the install of our app, the way most shops connect now. */
export interface ShopifyInstallProps {
  onInstall: (values: ShopifyInstallInput) => void;
  /** On the way to Shopify's consent page. */
  redirecting?: boolean;
  /** Back from Shopify: reading how the install ended. */
  checking?: boolean;
  /** Why it was refused, before leaving (the address) or on the way back. */
  error?: InstallFormError | null;
  defaultUrl?: string | undefined;
}

export interface StoreFormScreenProps {
  mode: 'create' | 'edit';
  install: ShopifyInstallProps;
  /** The token form, for shops with an app of their own (made in their admin before Shopify stopped allowing it). */
  onSubmit: (values: ShopifySettingsInput) => void;
  onCancel?: (() => void) | undefined;
  saving?: boolean;
  error?: StoreFormError | null;
  defaultValues?: Partial<ShopifySettingsInput> | undefined;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '6' });
const section = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const intro = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const heading = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const title = css({ textStyle: 'groupTitle', color: 'fg.default' });
const note = css({ textStyle: 'note', color: 'fg.muted' });
const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const alert = css({ color: 'danger.text', fontSize: 'sm', fontWeight: 'medium' });
const status = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'note', color: 'fg.muted' });
const actions = css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' });
const divider = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  textStyle: 'note',
  color: 'fg.muted',
  _before: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
  _after: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
});
const advancedToggle = css({
  cursor: 'pointer',
  w: 'fit',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
  borderRadius: 'sm',
  _focusVisible: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.focus', outlineOffset: '0.5' },
});
const advancedBody = css({ marginTop: '3' });

/** A shop's address, as both forms take it. */
function ShopAddressInput(props: Omit<TextInputProps, 'placeholder' | 'autoComplete' | 'inputMode'>) {
  const { t } = useTranslation('integrations');
  return <TextInput placeholder={t('storeForm.urlPlaceholder')} autoComplete="url" inputMode="url" {...props} />;
}

/** The server's message as an alert, unless it already stands beside the field it names. */
export function FormAlert<Field extends string>({ error }: { error: FormError<Field> | null | undefined }) {
  const fieldMessages = new Set(Object.values(error?.fieldErrors ?? {}));
  if (!error?.message || fieldMessages.has(error.message)) return null;
  return (
    <p role="alert" className={alert}>
      {error.message}
    </p>
  );
}

/**
 * The Shopify connection form: inline in the welcome guide, in a dialog on the Integrations screen.
 * "Conectar con Shopify" first; below it the token form of SPEC §2 for shops with an app of their own.
 */
export function StoreFormScreen({ mode, install, onSubmit, onCancel, saving = false, error = null, defaultValues }: StoreFormScreenProps) {
  const { t } = useTranslation('integrations');
  const installTitle = useId();
  const tokenTitle = useId();
  const busy = saving || Boolean(install.redirecting);
  return (
    <div className={root}>
      <section className={section} aria-labelledby={installTitle}>
        <div className={intro}>
          <div className={heading}>
            <h3 id={installTitle} className={title}>
              {t('storeForm.install.title')}
            </h3>
            <Badge tone="success">{t('storeForm.install.recommended')}</Badge>
          </div>
          <p className={note}>{t('storeForm.install.description')}</p>
        </div>
        <InstallForm {...install} disabled={busy} />
      </section>
      <p className={divider}>{t('storeForm.or')}</p>
      <section className={section} aria-labelledby={tokenTitle}>
        <div className={intro}>
          <h3 id={tokenTitle} className={title}>
            {t('storeForm.token.title')}
          </h3>
          <p className={note}>{t('storeForm.token.description')}</p>
        </div>
        <TokenForm
          mode={mode}
          onSubmit={onSubmit}
          onCancel={onCancel}
          saving={saving}
          disabled={busy}
          error={error}
          defaultValues={defaultValues}
        />
      </section>
    </div>
  );
}

function InstallForm({
  onInstall,
  redirecting = false,
  checking = false,
  error,
  defaultUrl,
  disabled,
}: ShopifyInstallProps & { disabled: boolean }) {
  const { t } = useTranslation('integrations');
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useZodForm(shopifyInstallSchema, { textGroup: 'integrations', defaultValues: { url: defaultUrl ?? '' } });
  // A refusal about the address (already connected, not a Shopify store) takes the merchant back to it.
  const addressRefused = error?.fieldErrors.url !== undefined;
  useEffect(() => {
    if (addressRefused) setFocus('url');
  }, [addressRefused, setFocus]);
  return (
    <form className={form} noValidate onSubmit={handleSubmit((values) => onInstall(values))} aria-label={t('storeForm.install.title')}>
      {checking ? (
        <p role="status" className={status}>
          <Spinner size="sm" />
          {t('storeForm.install.checking')}
        </p>
      ) : null}
      <FormAlert error={error} />
      <ShopAddressInput
        label={t('storeForm.install.url')}
        helperText={t('storeForm.install.urlHelp')}
        error={errors.url ?? error?.fieldErrors.url}
        disabled={disabled || checking}
        {...register('url')}
      />
      <div className={actions}>
        <Button type="submit" loading={redirecting} disabled={disabled || checking}>
          {redirecting ? t('storeForm.install.redirecting') : t('storeForm.install.submit')}
        </Button>
      </div>
    </form>
  );
}

interface TokenFormProps extends Omit<StoreFormScreenProps, 'install'> {
  disabled: boolean;
}

function TokenForm({ mode, onSubmit, onCancel, saving = false, disabled, error = null, defaultValues }: TokenFormProps) {
  const { t } = useTranslation('integrations');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(shopifySettingsSchema, {
    textGroup: 'integrations',
    defaultValues: { name: '', url: '', accessToken: '', webhookSecret: '', ...defaultValues },
  });
  // A rule broken here wins; otherwise the server's message for that field, as it wrote it.
  const fieldError = (field: StoreFormField) => errors[field] ?? error?.fieldErrors[field];
  const [advancedOpen, setAdvancedOpen] = useState(Boolean(defaultValues?.webhookSecret));

  return (
    <form
      className={form}
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values))}
      aria-label={mode === 'create' ? t('storeForm.createTitle') : t('storeForm.editTitle')}
    >
      <FormAlert error={error} />
      <TextInput
        label={t('storeForm.name')}
        autoComplete="organization"
        error={fieldError('name')}
        disabled={disabled}
        {...register('name')}
      />
      <ShopAddressInput
        label={t('storeForm.url')}
        helperText={t('storeForm.urlHelp')}
        error={fieldError('url')}
        disabled={disabled}
        {...register('url')}
      />
      <PasswordInput
        label={t('storeForm.accessToken')}
        autoComplete="off"
        error={fieldError('accessToken')}
        disabled={disabled}
        {...register('accessToken')}
      />
      <Link href={t('storeForm.tutorialUrl')} target="_blank" rel="noopener noreferrer">
        {t('storeForm.tutorial')}
      </Link>
      <details open={advancedOpen || Boolean(fieldError('webhookSecret'))} onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}>
        <summary className={advancedToggle}>{t('storeForm.advanced.title')}</summary>
        <div className={advancedBody}>
          <PasswordInput
            label={t('storeForm.advanced.webhookSecret')}
            helperText={t('storeForm.advanced.webhookSecretHelp')}
            autoComplete="off"
            error={fieldError('webhookSecret')}
            disabled={disabled}
            {...register('webhookSecret')}
          />
        </div>
      </details>
      <div className={actions}>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={disabled}>
            {t('storeForm.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={saving} disabled={disabled && !saving}>
          {saving ? t('storeForm.saving') : mode === 'create' ? t('storeForm.submitCreate') : t('storeForm.submitEdit')}
        </Button>
      </div>
    </form>
  );
}
