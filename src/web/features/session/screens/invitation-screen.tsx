import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import {
  type InvitationExistingAccountInput,
  type InvitationNewAccountInput,
  invitationExistingAccountSchema,
  invitationNewAccountSchema,
} from '../../../../shared/auth';
import { INVITATION_DAYS } from '../../../../shared/constants';
import type { Loadable } from '../../../api/loadable';
import { useZodForm } from '../../../lib/forms';
import { Button } from '../../../ui/button';
import { PasswordInput, TextInput } from '../../../ui/field';
import { Link } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { LoadingScreen } from '../../../ui/loading-screen';
import * as AuthLayoutParts from '../../../ui/parts/auth-layout';
import { AuthAlert, AuthPanel, AuthSubmit, NewPasswordField } from './auth-panel';

type InvitationDetails = components['schemas']['InvitationDetails'];
type InvitationProblem = components['schemas']['InvitationGoneError']['code'];

export interface InvitationScreenProps {
  /** The invitation behind the link; `error` when it could not be loaded (the link may still work). */
  invitation: Loadable<InvitationDetails>;
  /** Why the link no longer works, shown before any form; null while it works. */
  problem: InvitationProblem | null;
  /** Already translated: why the invitation could not be loaded. */
  loadError?: string | null;
  onRetry: () => void;
  onAcceptNewAccount: (values: InvitationNewAccountInput) => void;
  onAcceptExistingAccount: (values: InvitationExistingAccountInput) => void;
  submitting?: boolean;
  /** Already translated. */
  error?: string | null;
  loginHref: string;
}

const problemTexts = {
  invitation_used: { statement: 'invitation.gone.used', help: 'invitation.gone.usedHelp' },
  invitation_replaced: { statement: 'invitation.gone.replaced', help: 'invitation.gone.replacedHelp' },
  invitation_canceled: { statement: 'invitation.gone.canceled', help: 'invitation.gone.canceledHelp' },
  invitation_expired: { statement: 'invitation.gone.expired', help: 'invitation.gone.expiredHelp' },
  invitation_invalid: { statement: 'invitation.gone.invalid', help: 'invitation.gone.invalidHelp' },
} as const satisfies Record<InvitationProblem, { statement: string; help: string }>;

export function InvitationScreen(props: InvitationScreenProps) {
  const { t } = useTranslation('auth');
  const { invitation: state, problem } = props;
  if (problem) {
    const texts = problemTexts[problem];
    return (
      <AuthPanel id="invitation-title" title={t('invitation.goneTitle')}>
        <AuthAlert>{t(texts.statement)}</AuthAlert>
        <AuthLayoutParts.Subtitle>{t(texts.help, { days: INVITATION_DAYS })}</AuthLayoutParts.Subtitle>
        <Link href={props.loginHref}>{t('invitation.goToLogin')}</Link>
      </AuthPanel>
    );
  }
  return (
    <LoadableView
      loadable={state}
      loading={<LoadingScreen label={t('invitation.loading')} />}
      // Before signing in there is no app around it: the failure is the page, in the sign-in panel.
      error={() => (
        <AuthPanel id="invitation-title" title={t('invitation.goneTitle')}>
          <AuthAlert>{props.loadError ?? t('invitation.loadFailed')}</AuthAlert>
          <Button fullWidth onClick={props.onRetry}>
            {t('invitation.retry')}
          </Button>
        </AuthPanel>
      )}
    >
      {(invitation) => (
        <AuthPanel
          id="invitation-title"
          title={t('invitation.title', { storeName: invitation.storeName })}
          subtitle={t('invitation.subtitle', { storeName: invitation.storeName, email: invitation.email })}
        >
          {invitation.hasAccount ? <ExistingAccountForm {...props} /> : <NewAccountForm {...props} />}
        </AuthPanel>
      )}
    </LoadableView>
  );
}

function NewAccountForm({ onAcceptNewAccount, submitting = false, error = null }: InvitationScreenProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(invitationNewAccountSchema, { textGroup: 'auth', defaultValues: { name: '', password: '' } });
  return (
    <AuthLayoutParts.Form noValidate onSubmit={handleSubmit((values) => onAcceptNewAccount(values))}>
      <AuthLayoutParts.Subtitle>{t('invitation.newAccount')}</AuthLayoutParts.Subtitle>
      {error ? <AuthAlert>{error}</AuthAlert> : null}
      <TextInput label={t('invitation.name')} autoComplete="name" error={errors.name} disabled={submitting} {...register('name')} />
      <NewPasswordField label={t('invitation.password')} error={errors.password} disabled={submitting} {...register('password')} />
      <AuthSubmit submitting={submitting} label={t('invitation.submit')} busyLabel={t('invitation.submitting')} />
    </AuthLayoutParts.Form>
  );
}

function ExistingAccountForm({ onAcceptExistingAccount, submitting = false, error = null }: InvitationScreenProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(invitationExistingAccountSchema, { textGroup: 'auth', defaultValues: { currentPassword: '' } });
  return (
    <AuthLayoutParts.Form noValidate onSubmit={handleSubmit((values) => onAcceptExistingAccount(values))}>
      <AuthLayoutParts.Subtitle>{t('invitation.existingAccount')}</AuthLayoutParts.Subtitle>
      {error ? <AuthAlert>{error}</AuthAlert> : null}
      <PasswordInput
        label={t('invitation.currentPassword')}
        autoComplete="current-password"
        error={errors.currentPassword}
        disabled={submitting}
        {...register('currentPassword')}
      />
      <AuthSubmit submitting={submitting} label={t('invitation.submit')} busyLabel={t('invitation.submitting')} />
    </AuthLayoutParts.Form>
  );
}
