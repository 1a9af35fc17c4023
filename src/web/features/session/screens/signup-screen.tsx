import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { authLayout } from 'styled-system/recipes';
import { type SignupInput, signupRequestSchema } from '../../../../shared/auth';
import { TextInput } from '../../../ui/field';
import { Link } from '../../../ui/link';
import { AuthAlert, AuthPanel, AuthSubmit, NewPasswordField, useAuthFieldError } from './auth-panel';

export type SignupError =
  | { kind: 'emailTaken' }
  | { kind: 'network' }
  | { kind: 'failed' }
  /** Any other refusal, with the server's Spanish message. */
  | { kind: 'server'; message: string };

export interface SignupScreenProps {
  onSubmit: (values: SignupInput) => void;
  submitting?: boolean;
  error?: SignupError | null;
  defaultValues?: Partial<SignupInput>;
  loginHref: string;
  resetPasswordHref: string;
}

export function SignupScreen({
  onSubmit,
  submitting = false,
  error = null,
  defaultValues,
  loginHref,
  resetPasswordHref,
}: SignupScreenProps) {
  const { t } = useTranslation('auth');
  const fieldError = useAuthFieldError();
  const classes = authLayout();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupInput>({
    resolver: zodResolver(signupRequestSchema),
    defaultValues: { name: '', email: '', password: '', ...defaultValues },
  });

  return (
    <AuthPanel id="signup-title" title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <form className={classes.form} noValidate onSubmit={handleSubmit((values) => onSubmit(values))}>
        {error === null ? null : error.kind === 'emailTaken' ? (
          <AuthAlert>
            {t('signup.emailTaken')} <Link href={loginHref}>{t('signup.goToLogin')}</Link>{' '}
            <Link href={resetPasswordHref}>{t('signup.resetPassword')}</Link>
          </AuthAlert>
        ) : (
          <AuthAlert>
            {error.kind === 'server' ? error.message : error.kind === 'network' ? t('login.network') : t('signup.failed')}
          </AuthAlert>
        )}
        <TextInput
          label={t('signup.name')}
          autoComplete="name"
          error={fieldError(errors.name?.message)}
          disabled={submitting}
          {...register('name')}
        />
        <TextInput
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={fieldError(errors.email?.message)}
          disabled={submitting}
          {...register('email')}
        />
        <NewPasswordField label={t('signup.password')} error={errors.password?.message} disabled={submitting} {...register('password')} />
        <AuthSubmit submitting={submitting} label={t('signup.submit')} busyLabel={t('signup.submitting')} />
        <p className={classes.subtitle}>
          {t('signup.haveAccount')} <Link href={loginHref}>{t('signup.goToLogin')}</Link>
        </p>
      </form>
    </AuthPanel>
  );
}
