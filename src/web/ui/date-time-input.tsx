import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskTyped, TYPED_DAY, TYPED_HOUR, type TypedFormat } from './date-time-typing';
import { type FieldShellProps, TextInput } from './field';

export interface DateInputProps extends Omit<FieldShellProps, 'children'> {
  id?: string;
  name?: string;
  /**
   * The form's value: `YYYY-MM-DD` for a date input, 24-hour `HH:mm` for an hour input, '' when empty,
   * and the text as typed while it names no day or hour (the form's rules then refuse it).
   */
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
}

export type TimeInputProps = DateInputProps;

interface TypedInputProps extends DateInputProps {
  format: TypedFormat;
  placeholder: string;
  /** Already translated: what the input says of text that names no day or hour. */
  impossible: string;
}

/**
 * A day or an hour typed the Chilean way on any device: numbers only (a phone shows its numeric keypad),
 * the separators put in as they go, and an impossible value named in Spanish once the field is left.
 */
function TypedInput({ format, placeholder, impossible, value, onValueChange, onBlur, error, ...props }: TypedInputProps) {
  const [left, setLeft] = useState(false);
  const text = format.iso.test(value) ? format.format(value) : value;
  const checked = typeof error === 'string' ? error !== '' : Boolean(error?.message);
  const named = text.trim() === '' || format.parse(text) !== null;
  return (
    <TextInput
      {...props}
      value={text}
      // Its own words for a value that names nothing ("Elige una fecha" would not say what is wrong).
      error={!named && (left || checked) ? impossible : error}
      placeholder={placeholder}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => {
        const typed = maskTyped(event.currentTarget.value, format);
        onValueChange(format.parse(typed) ?? typed);
      }}
      onBlur={() => {
        setLeft(true);
        onBlur?.();
      }}
    />
  );
}

/** A day, typed dd-mm-aaaa as the dashboard's range picker types it; the form gets `YYYY-MM-DD`. */
export function DateInput(props: DateInputProps) {
  const { t } = useTranslation('common');
  return <TypedInput {...props} format={TYPED_DAY} placeholder={t('ui.dateInput.placeholder')} impossible={t('ui.dateInput.impossible')} />;
}

/** An hour of the day, typed 24-hour hh:mm; the form gets `HH:mm`. */
export function TimeInput(props: TimeInputProps) {
  const { t } = useTranslation('common');
  return (
    <TypedInput {...props} format={TYPED_HOUR} placeholder={t('ui.timeInput.placeholder')} impossible={t('ui.timeInput.impossible')} />
  );
}
