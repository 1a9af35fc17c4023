import { Trans, useTranslation } from 'react-i18next';
import { type SignupInput, signupRequestSchema } from '../../../../shared/auth';
import { useZodForm } from '../../../lib/forms';
import { LEGAL_LINKS } from '../../../lib/legal-links';
import { TextInput } from '../../../ui/field';
import { Link } from '../../../ui/link';
import * as AuthLayoutParts from '../../../ui/parts/auth-layout';
import { AuthAlert, AuthPanel, AuthSubmit, NewPasswordField } from './auth-panel';

export type SignupError =
  /** The address has an account: the alert offers signing in or a new password. */
  | { kind: 'emailTaken' }
  /** Anything else, already translated. */
  | { kind: 'failed'; message: string };

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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(signupRequestSchema, { textGroup: 'auth', defaultValues: { name: '', email: '', password: '', ...defaultValues } });

  return (
    <AuthPanel id="signup-title" title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <AuthLayoutParts.Form noValidate onSubmit={handleSubmit((values) => onSubmit(values))}>
        {error === null ? null : error.kind === 'emailTaken' ? (
          <AuthAlert>
            {t('signup.emailTaken')} <Link href={loginHref}>{t('signup.goToLogin')}</Link>{' '}
            <Link href={resetPasswordHref}>{t('signup.resetPassword')}</Link>
          </AuthAlert>
        ) : (
          <AuthAlert>{error.message}</AuthAlert>
        )}
        <TextInput label={t('signup.name')} autoComplete="name" error={errors.name} disabled={submitting} {...register('name')} />
        <TextInput
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          disabled={submitting}
          {...register('email')}
        />
        <NewPasswordField label={t('signup.password')} error={errors.password} disabled={submitting} {...register('password')} />
        <AuthSubmit submitting={submitting} label={t('signup.submit')} busyLabel={t('signup.submitting')} />
        <AuthLayoutParts.Subtitle>
          <Trans t={t} i18nKey="signup.legal" components={LEGAL_LINKS} />
        </AuthLayoutParts.Subtitle>
        <AuthLayoutParts.Subtitle>
          {t('signup.haveAccount')} <Link href={loginHref}>{t('signup.goToLogin')}</Link>
        </AuthLayoutParts.Subtitle>
      </AuthLayoutParts.Form>
    </AuthPanel>
  );
}
