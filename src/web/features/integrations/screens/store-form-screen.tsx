import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { type ShopifySettingsInput, shopifySettingsSchema } from '../../../../shared/shopify-settings';
import { useZodForm } from '../../../lib/forms';
import { Button } from '../../../ui/button';
import { PasswordInput, TextInput } from '../../../ui/field';
import { Link } from '../../../ui/link';

export type StoreFormField = keyof ShopifySettingsInput;

/** What the server refused: its Spanish messages, per field when it named one. */
export interface StoreFormError {
  message: string | null;
  fieldErrors: Partial<Record<StoreFormField, string>>;
}

export interface StoreFormScreenProps {
  mode: 'create' | 'edit';
  onSubmit: (values: ShopifySettingsInput) => void;
  onCancel?: (() => void) | undefined;
  saving?: boolean;
  error?: StoreFormError | null;
  defaultValues?: Partial<ShopifySettingsInput> | undefined;
}

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const alert = css({ color: 'danger.text', fontSize: 'sm', fontWeight: 'medium' });
const actions = css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' });

/** The Shopify connection form: inline in the welcome guide, in a dialog on the Integrations screen. */
export function StoreFormScreen({ mode, onSubmit, onCancel, saving = false, error = null, defaultValues }: StoreFormScreenProps) {
  const { t } = useTranslation('integrations');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(shopifySettingsSchema, {
    textGroup: 'integrations',
    defaultValues: { name: '', url: '', accessToken: '', ...defaultValues },
  });
  // A rule broken here wins; otherwise the server's message for that field, as it wrote it.
  const fieldError = (field: StoreFormField) => errors[field] ?? error?.fieldErrors[field];
  const fieldMessages = new Set(Object.values(error?.fieldErrors ?? {}));
  const alertText = error?.message && !fieldMessages.has(error.message) ? error.message : null;

  return (
    <form
      className={form}
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values))}
      aria-label={mode === 'create' ? t('storeForm.createTitle') : t('storeForm.editTitle')}
    >
      {alertText ? (
        <p role="alert" className={alert}>
          {alertText}
        </p>
      ) : null}
      <TextInput
        label={t('storeForm.name')}
        autoComplete="organization"
        error={fieldError('name')}
        disabled={saving}
        {...register('name')}
      />
      <TextInput
        label={t('storeForm.url')}
        placeholder={t('storeForm.urlPlaceholder')}
        helperText={t('storeForm.urlHelp')}
        autoComplete="url"
        inputMode="url"
        error={fieldError('url')}
        disabled={saving}
        {...register('url')}
      />
      <PasswordInput
        label={t('storeForm.accessToken')}
        autoComplete="off"
        error={fieldError('accessToken')}
        disabled={saving}
        {...register('accessToken')}
      />
      <Link href={t('storeForm.tutorialUrl')} target="_blank" rel="noopener noreferrer">
        {t('storeForm.tutorial')}
      </Link>
      <div className={actions}>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            {t('storeForm.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={saving}>
          {saving ? t('storeForm.saving') : mode === 'create' ? t('storeForm.submitCreate') : t('storeForm.submitEdit')}
        </Button>
      </div>
    </form>
  );
}
