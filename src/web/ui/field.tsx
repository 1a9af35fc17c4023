import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import * as FieldParts from './parts/field';
import * as PasswordInputParts from './parts/password-input';

/**
 * What a field says is wrong, shown below the control:
 * - text, already in Spanish (the server's own words for that field);
 * - or a form's error, react-hook-form's `FieldError`, whose message is a text key written `group:key`
 *   (`useZodForm` in src/web/lib/forms.ts writes them so). It is translated here, once for every form.
 */
export type FieldErrorMessage = string | { message?: string | undefined } | undefined;

/** Values the error's text interpolates (`{{max}}`), already formatted. */
export type FieldErrorValues = Record<string, string | number>;

/** The error's words: text as it came, a form's text key translated. */
export function useFieldErrorText(error: FieldErrorMessage, values?: FieldErrorValues): string | undefined {
  const { t } = useTranslation();
  if (error === undefined || typeof error === 'string') return error;
  if (!error.message) return undefined;
  // The key names its own text group (`auth:errors.emailRequired`), so it cannot be typed here.
  const translate = t as unknown as (key: string, options?: FieldErrorValues) => string;
  return translate(error.message, values);
}

export interface FieldShellProps {
  label: ReactNode;
  /** Shown below the input and marks it invalid. */
  error?: FieldErrorMessage;
  /** What the error's text interpolates, when it is a form's text key. */
  errorValues?: FieldErrorValues | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** Label, control and messages of one form field, wired for accessibility by Ark's Field. */
export function FieldRoot({ label, error, errorValues, helperText, required, disabled, children }: FieldShellProps) {
  const errorText = useFieldErrorText(error, errorValues);
  return (
    <FieldParts.Root invalid={Boolean(errorText)} required={required} disabled={disabled}>
      <FieldParts.Label>{label}</FieldParts.Label>
      {children}
      <FieldMessages error={errorText} helperText={helperText} />
    </FieldParts.Root>
  );
}

/** Helper text, or the error in its place; inside a `FieldParts.Root`, which wires both to the control. */
export function FieldMessages({ error, errorValues, helperText }: Pick<FieldShellProps, 'error' | 'errorValues' | 'helperText'>) {
  const errorText = useFieldErrorText(error, errorValues);
  return (
    <>
      {helperText && !errorText ? <FieldParts.HelperText>{helperText}</FieldParts.HelperText> : null}
      <FieldParts.ErrorText>{errorText}</FieldParts.ErrorText>
    </>
  );
}

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children' | 'className'>;

export interface TextInputProps extends NativeInputProps {
  label: ReactNode;
  error?: FieldErrorMessage;
  errorValues?: FieldErrorValues | undefined;
  helperText?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextInput({ ref, ...props }: TextInputProps) {
  const [fieldProps, input] = splitFieldProps(props);
  return (
    <FieldRoot {...fieldProps}>
      <FieldParts.Input ref={ref} {...input} />
    </FieldRoot>
  );
}

type NativeTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children' | 'className'>;

export interface TextareaProps extends NativeTextareaProps {
  label: ReactNode;
  error?: FieldErrorMessage;
  errorValues?: FieldErrorValues | undefined;
  helperText?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ ref, ...props }: TextareaProps) {
  const [fieldProps, textarea] = splitFieldProps(props);
  return (
    <FieldRoot {...fieldProps}>
      <FieldParts.Textarea ref={ref} {...textarea} />
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

export function PasswordInput({ ref, autoComplete, ...props }: PasswordInputProps) {
  const { t } = useTranslation('common');
  const [fieldProps, input] = splitFieldProps(props);
  return (
    <FieldRoot {...fieldProps}>
      <PasswordInputParts.Root
        autoComplete={autoComplete === 'new-password' ? 'new-password' : 'current-password'}
        translations={{ visibilityTrigger: (visible) => (visible ? t('password.hide') : t('password.show')) }}
      >
        <PasswordInputParts.Control>
          <PasswordInputParts.Input ref={ref} {...input} />
          <PasswordInputParts.VisibilityTrigger>
            <PasswordInputParts.Indicator fallback={<EyeIcon open={false} />}>
              <EyeIcon open />
            </PasswordInputParts.Indicator>
          </PasswordInputParts.VisibilityTrigger>
        </PasswordInputParts.Control>
      </PasswordInputParts.Root>
    </FieldRoot>
  );
}

/** Props of a control that is on or off (checkbox, switch), with its label beside it. */
export interface ToggleFieldProps {
  id?: string;
  name?: string;
  /** Already translated. */
  label: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  /** Shown below the control and marks it invalid. */
  error?: FieldErrorMessage;
  errorValues?: FieldErrorValues | undefined;
  helperText?: ReactNode;
}

type FieldOwnProps = Omit<FieldShellProps, 'children'>;

/** Separates what `FieldRoot` draws (label, messages, states) from the props of the control inside it. */
export function splitFieldProps<P extends FieldOwnProps>(props: P): [FieldOwnProps, Omit<P, keyof FieldOwnProps>] {
  const { label, error, errorValues, helperText, required, disabled, ...control } = props;
  return [{ label, error, errorValues, helperText, required, disabled }, control];
}
