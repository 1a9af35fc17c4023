import { Field as ArkField } from '@ark-ui/react/field';
import { PasswordInput as ArkPasswordInput } from '@ark-ui/react/password-input';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { field, passwordInput } from 'styled-system/recipes';

interface FieldShellProps {
  label: ReactNode;
  /** Shown below the input and marks it invalid; already translated. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** Label, control and messages of one form field, wired for accessibility by Ark's Field. */
export function FieldRoot({ label, error, helperText, required, disabled, children }: FieldShellProps) {
  const classes = field();
  return (
    <ArkField.Root className={classes.root} invalid={Boolean(error)} required={required} disabled={disabled}>
      <ArkField.Label className={classes.label}>{label}</ArkField.Label>
      {children}
      {helperText && !error ? <ArkField.HelperText className={classes.helperText}>{helperText}</ArkField.HelperText> : null}
      <ArkField.ErrorText className={classes.errorText}>{error}</ArkField.ErrorText>
    </ArkField.Root>
  );
}

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children' | 'className'>;

export interface TextInputProps extends NativeInputProps {
  label: ReactNode;
  error?: string | undefined;
  helperText?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextInput({ label, error, helperText, required, disabled, ref, ...input }: TextInputProps) {
  return (
    <FieldRoot label={label} error={error} helperText={helperText} required={required} disabled={disabled}>
      <ArkField.Input ref={ref} className={field().input} {...input} />
    </FieldRoot>
  );
}

export type PasswordInputProps = TextInputProps;

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M3 3l18 18" />}
    </svg>
  );
}

export function PasswordInput({ label, error, helperText, required, disabled, ref, autoComplete, ...input }: PasswordInputProps) {
  const { t } = useTranslation('common');
  const classes = passwordInput();
  return (
    <FieldRoot label={label} error={error} helperText={helperText} required={required} disabled={disabled}>
      <ArkPasswordInput.Root
        className={classes.root}
        autoComplete={autoComplete === 'new-password' ? 'new-password' : 'current-password'}
        translations={{ visibilityTrigger: (visible) => (visible ? t('password.hide') : t('password.show')) }}
      >
        <ArkPasswordInput.Control className={classes.control}>
          <ArkPasswordInput.Input ref={ref} className={classes.input} {...input} />
          <ArkPasswordInput.VisibilityTrigger className={classes.visibilityTrigger}>
            <ArkPasswordInput.Indicator className={classes.indicator} fallback={<EyeIcon open={false} />}>
              <EyeIcon open />
            </ArkPasswordInput.Indicator>
          </ArkPasswordInput.VisibilityTrigger>
        </ArkPasswordInput.Control>
      </ArkPasswordInput.Root>
    </FieldRoot>
  );
}
