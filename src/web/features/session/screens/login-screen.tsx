import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { authLayout } from 'styled-system/recipes';
import { loginRequestSchema, type LoginInput } from '../../../../shared/auth';
import { Button } from '../../../ui/button';
import { PasswordInput, TextInput } from '../../../ui/field';

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

export function LoginScreen({ onSubmit, submitting = false, error = null, defaultValues }: LoginScreenProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation('common');
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
    <main className={classes.root}>
      <section className={classes.panel} aria-labelledby="login-title">
        <p className={classes.brand}>{tCommon('appName')}</p>
        <header className={classes.header}>
          <h1 id="login-title" className={classes.title}>
            {t('login.title')}
          </h1>
          <p className={classes.subtitle}>{t('login.subtitle')}</p>
        </header>
        <form className={classes.form} noValidate onSubmit={handleSubmit((values) => onSubmit(values))}>
          {alert ? (
            <p role="alert" className={classes.alert}>
              {alert}
            </p>
          ) : null}
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
          <Button type="submit" fullWidth disabled={submitting} aria-busy={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
      </section>
    </main>
  );
}
