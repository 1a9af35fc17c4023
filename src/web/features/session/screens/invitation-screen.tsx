import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import {
  type InvitationExistingAccountInput,
  type InvitationNewAccountInput,
  invitationExistingAccountSchema,
  invitationNewAccountSchema,
} from '../../../../shared/auth';
import type { Loadable } from '../../../api/loadable';
import { useZodForm } from '../../../lib/forms';
import { PasswordInput, TextInput } from '../../../ui/field';
import { Link } from '../../../ui/link';
import { LoadingScreen } from '../../../ui/loading-screen';
import * as AuthLayoutParts from '../../../ui/parts/auth-layout';
import { AuthAlert, AuthPanel, AuthSubmit, NewPasswordField } from './auth-panel';

type InvitationDetails = components['schemas']['InvitationDetails'];

export interface InvitationScreenProps {
  /** The invitation behind the link; an error means the link is not valid (expired, used, unknown). */
  invitation: Loadable<InvitationDetails>;
  onAcceptNewAccount: (values: InvitationNewAccountInput) => void;
  onAcceptExistingAccount: (values: InvitationExistingAccountInput) => void;
  submitting?: boolean;
  /** Already translated. */
  error?: string | null;
  loginHref: string;
}

export function InvitationScreen(props: InvitationScreenProps) {
  const { t } = useTranslation('auth');
  const { invitation: state } = props;
  if (state.status === 'loading') return <LoadingScreen label={t('invitation.loading')} />;
  if (state.status === 'error') {
    return (
      <AuthPanel id="invitation-title" title={t('invitation.invalidTitle')}>
        <AuthLayoutParts.Subtitle>{t('invitation.invalid')}</AuthLayoutParts.Subtitle>
        <Link href={props.loginHref}>{t('invitation.goToLogin')}</Link>
      </AuthPanel>
    );
  }
  const invitation = state.data;
  return (
    <AuthPanel
      id="invitation-title"
      title={t('invitation.title', { storeName: invitation.storeName })}
      subtitle={t('invitation.subtitle', { storeName: invitation.storeName, email: invitation.email })}
    >
      {invitation.hasAccount ? <ExistingAccountForm {...props} /> : <NewAccountForm {...props} />}
    </AuthPanel>
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
