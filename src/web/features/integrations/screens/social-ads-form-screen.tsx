import { useId } from 'react';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { formatDate } from '../../../../shared/format/date';
import { SOCIAL_ADS_FIELDS, type SocialAdsField, type SocialAdsInput, socialAdsSchema } from '../../../../shared/social-ads';
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
import { Spinner } from '../../../ui/spinner';
import { FormAlert, type FormError } from './store-form-screen';

type MetaSettings = components['schemas']['MetaSettings'];
type MetaSettingsOptions = components['schemas']['MetaSettingsOptions'];
type MetaSelection = components['schemas']['MetaSelection'];
type MetaNamedAsset = components['schemas']['MetaNamedAsset'];

export type SocialAdsFormError = FormError<SocialAdsField>;

/** The assets of one business manager, in the form's order. */
type AssetField = Exclude<SocialAdsField, 'businessId'>;
const ASSET_FIELDS = SOCIAL_ADS_FIELDS.filter((field): field is AssetField => field !== 'businessId');

export interface SocialAdsFormScreenProps {
  /** The store's Meta connection (`getMetaSettings`). */
  settings: Loadable<MetaSettings>;
  onReload: () => void;
  /** The store integration is missing: Facebook Login waits for it (SPEC §5). */
  storeRequired?: boolean;
  /** Goes to connect the store; absent, the state only says so. */
  onConnectStore?: (() => void) | undefined;
  /** Leaves for Facebook Login: to connect, to change the account, to renew the connection. */
  onConnectFacebook: () => void;
  /** On the way to Facebook: busy until the browser leaves. */
  redirecting?: boolean;
  /** The token Facebook Login gave is being handed to the server. */
  exchanging?: boolean;
  /** Why the last Facebook Login did not connect the account, in Spanish (cancelled, token refused, permissions missing). */
  loginError?: string | null;
  /** What the connected person can pick; absent until a person is connected whose token Meta takes. */
  options?: Loadable<MetaSettingsOptions> | undefined;
  /** Another business manager's assets are on their way. */
  optionsReloading?: boolean;
  onReloadOptions?: (() => void) | undefined;
  /** A business manager was chosen: its assets are read, and the other choices start over. */
  onBusinessChange?: ((businessId: string) => void) | undefined;
  /** "Ya los acepté, revisar de nuevo": reads the options again after accepting the terms in Meta. */
  onRecheckTerms?: (() => void) | undefined;
  checkingTerms?: boolean;
  onSubmit: (values: SocialAdsInput) => void;
  onCancel?: (() => void) | undefined;
  saving?: boolean;
  /** What the server refused: a field's reason beside it, anything else (Meta failing) above the form. */
  error?: SocialAdsFormError | null;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const note = css({ textStyle: 'note', color: 'fg.muted' });
const groupTitle = css({ textStyle: 'groupTitle', color: 'fg.default' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '1', paddingLeft: '5', listStyleType: 'disc', textStyle: 'note' });
const status = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'note', color: 'fg.muted' });
const actions = css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' });
const account = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  flexWrap: 'wrap',
  paddingBottom: '4',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const accountName = css({ fontWeight: 'semibold', color: 'fg.default', wordBreak: 'break-word' });
const terms = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const termsActions = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });

/**
 * The social ads form of SPEC §2: Facebook Login connects (or changes, or renews) the account, then
 * the merchant picks the business manager, ad account, page, Instagram account and pixel the store's
 * campaigns use. The ad account needs admin access (SPEC §6) and Meta's Custom Audience terms (SPEC §5).
 */
export function SocialAdsFormScreen(props: SocialAdsFormScreenProps) {
  const { t } = useTranslation('integrations');
  const { settings, onReload, storeRequired = false, onConnectStore, onCancel, exchanging = false } = props;
  const cancel = onCancel ? (
    <Button variant="outline" onClick={onCancel}>
      {t('socialAdsForm.cancel')}
    </Button>
  ) : undefined;

  if (storeRequired)
    return (
      <EmptyState
        title={t('socialAdsForm.storeRequired.title')}
        description={t('socialAdsForm.storeRequired.description')}
        action={onConnectStore ? <Button onClick={onConnectStore}>{t('socialAdsForm.storeRequired.action')}</Button> : undefined}
        secondaryAction={cancel}
      />
    );
  if (exchanging)
    return (
      <p role="status" aria-busy="true" className={status} data-testid="social-ads-exchanging">
        <Spinner size="sm" />
        {t('socialAdsForm.exchanging')}
      </p>
    );
  return (
    <LoadableView
      loadable={settings}
      loading={
        <div aria-busy="true" data-testid="social-ads-loading" className={root}>
          <p className={note}>{t('socialAdsForm.loading')}</p>
          <Skeleton lines={4} />
        </div>
      }
      onRetry={onReload}
    >
      {(connection) =>
        connection.state === 'needsAttention' ? (
          <RenewalStep {...props} />
        ) : connection.account === null ? (
          <ConnectStep {...props} />
        ) : (
          <ChooseStep {...props} account={connection.account} connection={connection} />
        )
      }
    </LoadableView>
  );
}

/** The way out of a step that only leaves for Facebook: cancel, and the button that leaves. */
function LoginActions({ onCancel, onConnectFacebook, redirecting = false, label }: SocialAdsFormScreenProps & { label: string }) {
  const { t } = useTranslation('integrations');
  return (
    <div className={actions}>
      {onCancel ? (
        <Button variant="outline" onClick={onCancel} disabled={redirecting}>
          {t('socialAdsForm.cancel')}
        </Button>
      ) : null}
      <Button onClick={onConnectFacebook} loading={redirecting}>
        {redirecting ? t('socialAdsForm.connect.redirecting') : label}
      </Button>
    </div>
  );
}

/** The login's refusal (or cancel), in the words it came with. */
function LoginAlert({ loginError }: { loginError?: string | null | undefined }) {
  return <FormAlert error={loginError ? { message: loginError, fieldErrors: {} } : null} />;
}

/** Not connected: what connecting does and what it needs, then Facebook Login. */
function ConnectStep(props: SocialAdsFormScreenProps) {
  const { t } = useTranslation('integrations');
  const prerequisites = useId();
  return (
    <div className={root}>
      <p className={note}>{t('socialAdsForm.connect.description')}</p>
      <section aria-labelledby={prerequisites} className={terms}>
        <h3 id={prerequisites} className={groupTitle}>
          {t('socialAdsForm.connect.prerequisitesTitle')}
        </h3>
        <ul className={list}>
          <li>{t('socialAdsForm.connect.adminAccess')}</li>
          <li>{t('socialAdsForm.connect.business')}</li>
        </ul>
      </section>
      <LoginAlert loginError={props.loginError} />
      <LoginActions {...props} label={t('socialAdsForm.connect.submit')} />
    </div>
  );
}

/** Meta no longer takes the token: campaigns are paused until the person logs in again. */
function RenewalStep(props: SocialAdsFormScreenProps) {
  const { t } = useTranslation('integrations');
  return (
    <div className={root}>
      <Banner tone="warning" message={t('socialAdsForm.renewal.message')} />
      <p className={note}>{t('socialAdsForm.renewal.kept')}</p>
      <LoginAlert loginError={props.loginError} />
      <LoginActions {...props} label={t('socialAdsForm.renewal.submit')} />
    </div>
  );
}

interface ChooseStepProps extends SocialAdsFormScreenProps {
  account: MetaNamedAsset;
  connection: MetaSettings;
}

/** Connected: who is connected, and the five choices. */
function ChooseStep({
  account: person,
  connection,
  options,
  onReloadOptions,
  onConnectFacebook,
  redirecting = false,
  ...props
}: ChooseStepProps) {
  const { t } = useTranslation('integrations');
  return (
    <div className={root}>
      <div className={account}>
        <div>
          <p className={note}>{t('socialAdsForm.account.label')}</p>
          <p className={accountName}>{person.name}</p>
          {connection.tokenExpiresAt ? (
            <p className={note}>{t('socialAdsForm.account.expires', { date: formatDate(connection.tokenExpiresAt) })}</p>
          ) : null}
        </div>
        <Button variant="outline" size="sm" onClick={onConnectFacebook} loading={redirecting} disabled={props.saving}>
          {redirecting ? t('socialAdsForm.connect.redirecting') : t('socialAdsForm.account.change')}
        </Button>
      </div>
      <LoginAlert loginError={props.loginError} />
      <LoadableView
        // Until the container asks for them, the options are on their way.
        loadable={options ?? { status: 'loading' }}
        loading={
          <div aria-busy="true" data-testid="social-ads-options-loading" className={root}>
            <p className={note}>{t('socialAdsForm.options.loading')}</p>
            <Skeleton lines={5} />
          </div>
        }
        // The options come from Meta: a failure is said as Meta's, whatever its cause.
        error={() => (
          <EmptyState
            tone="error"
            title={t('socialAdsForm.options.error')}
            description={t('socialAdsForm.options.errorDescription')}
            action={
              onReloadOptions ? (
                <Button variant="outline" size="sm" onClick={onReloadOptions}>
                  {t('socialAdsForm.options.retry')}
                </Button>
              ) : undefined
            }
          />
        )}
      >
        {(offered) =>
          offered.businessId === null ? (
            <EmptyState
              title={t('socialAdsForm.options.noBusinesses.title')}
              description={t('socialAdsForm.options.noBusinesses.description')}
            />
          ) : (
            <ChoiceForm {...props} options={offered} selection={connection.selection} redirecting={redirecting} />
          )
        }
      </LoadableView>
    </div>
  );
}

/**
 * The saved choice where the options still offer it, else nothing chosen; the business manager is the
 * one the options are for (the saved one, else Meta's first).
 */
export function socialAdsDefaults(selection: MetaSelection | null, options: MetaSettingsOptions): SocialAdsInput {
  const offered = (saved: MetaNamedAsset | undefined, choices: readonly { id: string }[]) =>
    saved && choices.some((choice) => choice.id === saved.id) ? saved.id : '';
  const sameBusiness = selection?.business.id === options.businessId;
  return {
    businessId: options.businessId ?? '',
    adAccountId: sameBusiness ? offered(selection?.adAccount, options.adAccounts) : '',
    pageId: sameBusiness ? offered(selection?.page, options.pages) : '',
    instagramAccountId: sameBusiness ? offered(selection?.instagramAccount, options.instagramAccounts) : '',
    pixelId: sameBusiness ? offered(selection?.pixel, options.pixels) : '',
  };
}

const named = (assets: readonly MetaNamedAsset[]): SelectOption[] => assets.map(({ id, name }) => ({ value: id, label: name }));

/** A list's identity: its select starts over when the list changes (another business manager). */

interface ChoiceFormProps extends Omit<SocialAdsFormScreenProps, 'options' | 'settings' | 'onReload' | 'onConnectFacebook'> {
  options: MetaSettingsOptions;
  selection: MetaSelection | null;
}

function ChoiceForm({
  options,
  selection,
  optionsReloading = false,
  onBusinessChange,
  onRecheckTerms,
  checkingTerms = false,
  onSubmit,
  onCancel,
  saving = false,
  redirecting = false,
  error = null,
}: ChoiceFormProps) {
  const { t } = useTranslation('integrations');
  const {
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useZodForm(socialAdsSchema, { textGroup: 'integrations', defaultValues: socialAdsDefaults(selection, options) });
  const adAccountId = useWatch({ control, name: 'adAccountId' });
  const chosenAdAccount = optionsReloading ? undefined : options.adAccounts.find((adAccount) => adAccount.id === adAccountId);
  // A rule broken here wins; otherwise the server's words for that field.
  const fieldError = (field: SocialAdsField): FieldErrorMessage => errors[field] ?? error?.fieldErrors[field];
  const choices: Record<AssetField, SelectOption[]> = {
    adAccountId: options.adAccounts.map((adAccount) => ({
      value: adAccount.id,
      label: t(adAccount.admin ? 'socialAdsForm.adAccountOption' : 'socialAdsForm.adAccountOptionNotAdmin', {
        name: adAccount.name,
        currency: adAccount.currency,
      }),
    })),
    pageId: named(options.pages),
    instagramAccountId: named(options.instagramAccounts),
    pixelId: named(options.pixels),
  };
  // Nothing at all to pick in this business manager: said once, instead of under each list.
  const nothingOffered = !optionsReloading && ASSET_FIELDS.every((field) => choices[field].length === 0);
  const busy = saving || redirecting;

  return (
    <form className={root} noValidate onSubmit={handleSubmit((values) => onSubmit(values))} aria-label={t('socialAdsForm.title')}>
      <FormAlert error={error} />
      <Controller
        control={control}
        name="businessId"
        render={({ field }) => (
          <Select
            label={t('socialAdsForm.fields.businessId')}
            name={field.name}
            options={named(options.businesses)}
            value={field.value || null}
            onValueChange={(value) => {
              if (value === null || value === field.value) return;
              field.onChange(value);
              for (const asset of ASSET_FIELDS) setValue(asset, '');
              onBusinessChange?.(value);
            }}
            helperText={t('socialAdsForm.businessHelp')}
            error={fieldError('businessId')}
            disabled={busy}
          />
        )}
      />
      {nothingOffered ? <Banner tone="warning" message={t('socialAdsForm.options.none')} /> : null}
      <div className={root} aria-busy={optionsReloading || undefined}>
        {ASSET_FIELDS.map((name) => (
          <div key={name} className={terms}>
            <AssetSelect
              control={control}
              name={name}
              choices={optionsReloading ? [] : choices[name]}
              reloading={optionsReloading}
              error={fieldError(name)}
              helperText={
                name === 'adAccountId' && chosenAdAccount && !chosenAdAccount.admin
                  ? t('socialAdsForm.notAdminHelp')
                  : !optionsReloading && !nothingOffered && choices[name].length === 0
                    ? t(`socialAdsForm.empty.${name}`)
                    : undefined
              }
              disabled={busy}
            />
            {name === 'adAccountId' && chosenAdAccount?.admin && !chosenAdAccount.termsAccepted ? (
              <div className={terms}>
                <Banner tone="warning" message={t('socialAdsForm.terms.message')} />
                <div className={termsActions}>
                  <Link href={chosenAdAccount.termsUrl} target="_blank" rel="noopener noreferrer">
                    {t('socialAdsForm.terms.accept')}
                  </Link>
                  <Button variant="outline" size="sm" onClick={onRecheckTerms} loading={checkingTerms}>
                    {t('socialAdsForm.terms.recheck')}
                  </Button>
                </div>
              </div>
            ) : null}
          </div>
        ))}
      </div>
      <div className={actions}>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('socialAdsForm.cancel')}
          </Button>
        ) : null}
        {/* Nothing to choose from: the warning above says why saving cannot work. */}
        <Button type="submit" loading={saving} disabled={(redirecting || optionsReloading || nothingOffered) && !saving}>
          {saving ? t('socialAdsForm.saving') : t('socialAdsForm.submit')}
        </Button>
      </div>
    </form>
  );
}

interface AssetSelectProps {
  control: Control<SocialAdsInput, unknown, SocialAdsInput>;
  name: AssetField;
  choices: SelectOption[];
  reloading: boolean;
  error: FieldErrorMessage;
  helperText: string | undefined;
  disabled: boolean;
}

/** One of the business manager's assets; an empty list cannot be opened. */
function AssetSelect({ control, name, choices, reloading, error, helperText, disabled }: AssetSelectProps) {
  const { t } = useTranslation('integrations');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={t(`socialAdsForm.fields.${name}`)}
          name={field.name}
          options={choices}
          value={field.value || null}
          onValueChange={(value) => field.onChange(value ?? '')}
          placeholder={
            reloading ? t('socialAdsForm.options.reloading') : choices.length === 0 ? t('socialAdsForm.options.noChoices') : undefined
          }
          helperText={helperText}
          error={error}
          disabled={disabled || reloading || choices.length === 0}
        />
      )}
    />
  );
}
