import { useTranslation } from 'react-i18next';
import { type LoginInput, loginRequestSchema } from '../../../../shared/auth';
import { useZodForm } from '../../../lib/forms';
import { PasswordInput, TextInput } from '../../../ui/field';
import { Link } from '../../../ui/link';
import * as AuthLayoutParts from '../../../ui/parts/auth-layout';
import { AuthAlert, AuthPanel, AuthSubmit } from './auth-panel';

export interface LoginScreenProps {
  onSubmit: (values: LoginInput) => void;
  submitting?: boolean;
  /** Why signing in failed, already translated (wrong password, a locked account, no connection). */
  error?: string | null;
  defaultValues?: Partial<LoginInput>;
  signupHref: string;
  resetPasswordHref: string;
}

export function LoginScreen({
  onSubmit,
  submitting = false,
  error = null,
  defaultValues,
  signupHref,
  resetPasswordHref,
}: LoginScreenProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(loginRequestSchema, { textGroup: 'auth', defaultValues: { email: '', password: '', ...defaultValues } });

  return (
    <AuthPanel id="login-title" title={t('login.title')} subtitle={t('login.subtitle')}>
      <AuthLayoutParts.Form noValidate onSubmit={handleSubmit((values) => onSubmit(values))}>
        {error ? <AuthAlert>{error}</AuthAlert> : null}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          error={errors.email}
          disabled={submitting}
          {...register('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          error={errors.password}
          disabled={submitting}
          {...register('password')}
        />
        <AuthSubmit submitting={submitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
        <Link href={resetPasswordHref}>{t('login.forgotPassword')}</Link>
        <Link href={signupHref}>{t('login.createAccount')}</Link>
      </AuthLayoutParts.Form>
    </AuthPanel>
  );
}
