import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { type FieldErrorMessage, PasswordInput } from '../../../ui/field';
import * as AuthLayoutParts from '../../../ui/parts/auth-layout';

export interface AuthPanelProps {
  /** Ties the section to its heading. */
  id: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred panel every signed-out screen shares: brand, heading, then the form or message. */
export function AuthPanel({ id, title, subtitle, children }: AuthPanelProps) {
  const { t } = useTranslation('common');
  return (
    <AuthLayoutParts.Root>
      <AuthLayoutParts.Panel aria-labelledby={id}>
        <AuthLayoutParts.Brand>{t('appName')}</AuthLayoutParts.Brand>
        <AuthLayoutParts.Header>
          <AuthLayoutParts.Title id={id}>{title}</AuthLayoutParts.Title>
          {subtitle ? <AuthLayoutParts.Subtitle>{subtitle}</AuthLayoutParts.Subtitle> : null}
        </AuthLayoutParts.Header>
        {children}
      </AuthLayoutParts.Panel>
    </AuthLayoutParts.Root>
  );
}

export function AuthAlert({ children }: { children: ReactNode }) {
  return <AuthLayoutParts.Alert role="alert">{children}</AuthLayoutParts.Alert>;
}

/** The full-width submit button of a signed-out form, busy and disabled while it sends. */
export function AuthSubmit({ submitting, label, busyLabel }: { submitting: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" fullWidth loading={submitting}>
      {submitting ? busyLabel : label}
    </Button>
  );
}

export interface NewPasswordFieldProps extends UseFormRegisterReturn {
  label: string;
  /** The form's error, when the password breaks the rule. */
  error: FieldErrorMessage;
  disabled: boolean;
}

/** A password being chosen (sign-up, reset, invitation): the browser may suggest one, and the rule shows until an error takes its place. */
export function NewPasswordField({ label, error, disabled, ...registration }: NewPasswordFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput
      label={label}
      autoComplete="new-password"
      helperText={error ? undefined : t('passwordHint')}
      error={error}
      disabled={disabled}
      {...registration}
    />
  );
}
