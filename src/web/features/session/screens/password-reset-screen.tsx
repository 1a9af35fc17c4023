import { useTranslation } from 'react-i18next';
import {
  type NewPasswordInput,
  newPasswordFormSchema,
  type PasswordResetRequestInput,
  passwordResetRequestSchema,
} from '../../../../shared/auth';
import { useZodForm } from '../../../lib/forms';
import { Button } from '../../../ui/button';
import { TextInput } from '../../../ui/field';
import { Link } from '../../../ui/link';
import { LoadingScreen } from '../../../ui/loading-screen';
import * as AuthLayoutParts from '../../../ui/parts/auth-layout';
import { AuthAlert, AuthPanel, AuthSubmit, NewPasswordField } from './auth-panel';

/**
 * `request` and `sent` without a link token. With one: `checking` while the server says whether the link
 * works, `checkFailed` when it could not say, then `newPassword`, or why the link no longer works
 * (`used`, `expired`, `invalid`), before any password is typed.
 */
export type PasswordResetView = 'request' | 'sent' | 'checking' | 'checkFailed' | 'newPassword' | LinkProblemView;
type LinkProblemView = 'used' | 'expired' | 'invalid';

export interface PasswordResetScreenProps {
  view: PasswordResetView;
  onRequest: (values: PasswordResetRequestInput) => void;
  onConfirm: (values: NewPasswordInput) => void;
  /** From a link that no longer works: back to the email form. */
  onRequestNew: () => void;
  /** From `checkFailed`: ask about the link again. */
  onRetry: () => void;
  submitting?: boolean;
  /** Already translated: the form's failure, or why the link could not be checked. */
  error?: string | null;
  loginHref: string;
}

const problemTexts = {
  used: { statement: 'reset.linkUsed', help: 'reset.linkUsedHelp' },
  expired: { statement: 'reset.linkExpired', help: 'reset.linkExpiredHelp' },
  invalid: { statement: 'reset.linkInvalid', help: 'reset.linkInvalidHelp' },
} as const satisfies Record<LinkProblemView, { statement: string; help: string }>;

export function PasswordResetScreen(props: PasswordResetScreenProps) {
  const { t } = useTranslation('auth');
  switch (props.view) {
    case 'request':
      return <RequestForm {...props} />;
    case 'newPassword':
      return <NewPasswordForm {...props} />;
    case 'sent':
      return (
        <AuthPanel id="reset-title" title={t('reset.sentTitle')}>
          <AuthLayoutParts.Subtitle>{t('reset.sent')}</AuthLayoutParts.Subtitle>
          <Link href={props.loginHref}>{t('reset.backToLogin')}</Link>
        </AuthPanel>
      );
    case 'checking':
      return <LoadingScreen label={t('reset.checking')} />;
    case 'checkFailed':
      return (
        <AuthPanel id="reset-title" title={t('reset.title')}>
          <AuthAlert>{props.error ?? t('reset.checkFailed')}</AuthAlert>
          <Button fullWidth onClick={props.onRetry}>
            {t('reset.retry')}
          </Button>
        </AuthPanel>
      );
    default: {
      // The link no longer works: say why first, then offer a new one.
      const texts = problemTexts[props.view];
      return (
        <AuthPanel id="reset-title" title={t('reset.title')}>
          <AuthAlert>{t(texts.statement)}</AuthAlert>
          <AuthLayoutParts.Subtitle>{t(texts.help)}</AuthLayoutParts.Subtitle>
          <Button fullWidth onClick={props.onRequestNew}>
            {t('reset.requestNew')}
          </Button>
          <Link href={props.loginHref}>{t('reset.backToLogin')}</Link>
        </AuthPanel>
      );
    }
  }
}

function RequestForm({ onRequest, submitting = false, error = null, loginHref }: PasswordResetScreenProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(passwordResetRequestSchema, { textGroup: 'auth', defaultValues: { email: '' } });
  return (
    <AuthPanel id="reset-title" title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <AuthLayoutParts.Form noValidate onSubmit={handleSubmit((values) => onRequest(values))}>
        {error ? <AuthAlert>{error}</AuthAlert> : null}
        <TextInput
          label={t('reset.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          disabled={submitting}
          {...register('email')}
        />
        <AuthSubmit submitting={submitting} label={t('reset.submit')} busyLabel={t('reset.submitting')} />
        <Link href={loginHref}>{t('reset.backToLogin')}</Link>
      </AuthLayoutParts.Form>
    </AuthPanel>
  );
}

function NewPasswordForm({ onConfirm, submitting = false, error = null }: PasswordResetScreenProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(newPasswordFormSchema, { textGroup: 'auth', defaultValues: { password: '' } });
  return (
    <AuthPanel id="reset-title" title={t('reset.newTitle')} subtitle={t('reset.newSubtitle')}>
      <AuthLayoutParts.Form noValidate onSubmit={handleSubmit((values) => onConfirm(values))}>
        {error ? <AuthAlert>{error}</AuthAlert> : null}
        <NewPasswordField label={t('reset.newPassword')} error={errors.password} disabled={submitting} {...register('password')} />
        <AuthSubmit submitting={submitting} label={t('reset.save')} busyLabel={t('reset.saving')} />
      </AuthLayoutParts.Form>
    </AuthPanel>
  );
}
