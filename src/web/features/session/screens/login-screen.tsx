import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { authLayout } from 'styled-system/recipes';
import { type LoginInput, loginRequestSchema } from '../../../../shared/auth';
import { PasswordInput, TextInput } from '../../../ui/field';
import { Link } from '../../../ui/link';
import { AuthAlert, AuthPanel, AuthSubmit } from './auth-panel';

export type LoginError =
  | { kind: 'invalidCredentials' }
  | { kind: 'network' }
  | { kind: 'failed' }
  /** Any other refusal, with the server's Spanish message (for example a locked account). */
  | { kind: 'server'; message: string };

export interface LoginScreenProps {
  onSubmit: (values: LoginInput) => void;
  submitting?: boolean;
  error?: LoginError | null;
  defaultValues?: Partial<LoginInput>;
  signupHref?: string;
  resetPasswordHref?: string;
}

type ErrorKey =
  | 'errors.emailRequired'
  | 'errors.emailInvalid'
  | 'errors.emailTooLong'
  | 'errors.passwordRequired'
  | 'errors.passwordTooLong';

const ERROR_KEYS: readonly string[] = [
  'errors.emailRequired',
  'errors.emailInvalid',
  'errors.emailTooLong',
  'errors.passwordRequired',
  'errors.passwordTooLong',
] satisfies ErrorKey[];

function isErrorKey(value: string | undefined): value is ErrorKey {
  return value !== undefined && ERROR_KEYS.includes(value);
}

export function LoginScreen({
  onSubmit,
  submitting = false,
  error = null,
  defaultValues,
  signupHref = '/api/auth/signup',
  resetPasswordHref = '/api/auth/reset-password',
}: LoginScreenProps) {
  const { t } = useTranslation('auth');
  const classes = authLayout();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '', ...defaultValues },
  });
  const fieldError = (message: string | undefined) => (isErrorKey(message) ? t(message) : undefined);
  const alert =
    error === null
      ? null
      : error.kind === 'server'
        ? error.message
        : error.kind === 'invalidCredentials'
          ? t('login.invalidCredentials')
          : error.kind === 'network'
            ? t('login.network')
            : t('login.failed');

  return (
    <AuthPanel id="login-title" title={t('login.title')} subtitle={t('login.subtitle')}>
      <form className={classes.form} noValidate onSubmit={handleSubmit((values) => onSubmit(values))}>
        {alert ? <AuthAlert>{alert}</AuthAlert> : null}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          error={fieldError(errors.email?.message)}
          disabled={submitting}
          {...register('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          error={fieldError(errors.password?.message)}
          disabled={submitting}
          {...register('password')}
        />
        <AuthSubmit submitting={submitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
        <Link href={resetPasswordHref}>{t('login.forgotPassword')}</Link>
        <Link href={signupHref}>{t('login.createAccount')}</Link>
      </form>
    </AuthPanel>
  );
}
