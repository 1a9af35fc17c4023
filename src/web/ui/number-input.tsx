import { useFieldContext } from '@ark-ui/react/field';
import { useNumberInputContext } from '@ark-ui/react/number-input';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../shared/format/count';
import { FieldRoot, type FieldShellProps, splitFieldProps } from './field';
import { Icon } from './icons';
import { formatTypedNumber, parseTypedNumber, plainTypedNumber } from './number-text';
import * as NumberInputParts from './parts/number-input';

export interface NumberInputProps extends Omit<FieldShellProps, 'children'> {
  id?: string;
  name?: string;
  /** The value as text (an empty field is ''); a number written plainly ("1234567") or grouped. */
  value?: string;
  defaultValue?: string;
  /**
   * `value` is the number typed, ungrouped (`1234567` for "1.234.567"), or the text as typed when it is
   * not a number; `valueAsNumber` is NaN when empty or not a number.
   */
  onValueChange?: (value: { value: string; valueAsNumber: number }) => void;
  min?: number;
  /** Above it the field says so (never clamps): the merchant reads why rather than sees the number change. */
  max?: number;
  step?: number;
  placeholder?: string;
  /** Extra content after the control, inside the field (a unit, for example). */
  children?: ReactNode;
}

const sameNumber = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/**
 * A number field: the thousands group as the merchant types (es-CL, "1.234.567"), a pasted "$ 1.234.567"
 * is taken, and a number above `max` (or too long to count exactly) is refused in words below the field
 * instead of being changed into another. The arrows step by `step`.
 */
export function NumberInput(props: NumberInputProps) {
  const [fieldProps, { id, name, children, placeholder, value, defaultValue, onValueChange, min, max, step }] = splitFieldProps(props);
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const { t } = useTranslation('common');
  const [typed, setTyped] = useState(() => formatTypedNumber(value ?? defaultValue ?? ''));
  // The parent's value wins when it is another number (a reset, a saved amount); the same number, typed, stays as typed.
  const text = value !== undefined && !sameNumber(parseTypedNumber(value), parseTypedNumber(typed)) ? formatTypedNumber(value) : typed;
  const number = parseTypedNumber(text);
  const limit = Math.min(max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const tooLarge = number > limit ? t('ui.numberInput.tooLarge', { max: formatCount(limit) }) : undefined;
  const change = (next: string) => {
    const formatted = formatTypedNumber(next);
    setTyped(formatted);
    onValueChange?.({ value: plainTypedNumber(formatted), valueAsNumber: parseTypedNumber(formatted) });
  };
  const rootId = id ?? autoId;
  return (
    <FieldRoot {...fieldProps} error={fieldProps.error ?? tooLarge}>
      <NumberInputParts.Root
        id={rootId}
        // The machine only steps: it is pointed at no input, so it never rewrites (or clamps) what was typed.
        ids={{ input: `${rootId}-steps` }}
        name={name}
        locale="es-CL"
        value={Number.isFinite(number) ? String(number) : ''}
        min={min}
        max={max}
        step={step}
        allowOverflow
        onValueChange={(details) => change(details.value)}
        translations={{ incrementLabel: t('ui.numberInput.increment'), decrementLabel: t('ui.numberInput.decrement') }}
      >
        <NumberInputParts.Control>
          <TypedNumber text={text} number={number} min={min} max={max} placeholder={placeholder} onText={change} />
          <StepTriggers />
        </NumberInputParts.Control>
        {children}
      </NumberInputParts.Root>
    </FieldRoot>
  );
}

/** The arrows, which control the text box (not the input the machine would have drawn). */
function StepTriggers() {
  const controls = useFieldContext()?.ids.control;
  return (
    <>
      <NumberInputParts.IncrementTrigger aria-controls={controls}>
        <Icon name="chevronUp" />
      </NumberInputParts.IncrementTrigger>
      <NumberInputParts.DecrementTrigger aria-controls={controls}>
        <Icon name="chevronDown" />
      </NumberInputParts.DecrementTrigger>
    </>
  );
}

interface TypedNumberProps {
  text: string;
  number: number;
  min: number | undefined;
  max: number | undefined;
  placeholder: string | undefined;
  onText: (text: string) => void;
}

/** The text box, a spin button labelled and described by the field around it; the arrow keys step, as the buttons do. */
function TypedNumber({ text, number, min, max, placeholder, onText }: TypedNumberProps) {
  const field = useFieldContext();
  const steps = useNumberInputContext();
  return (
    <NumberInputParts.TypedInput
      {...field?.getInputProps()}
      role="spinbutton"
      aria-valuenow={Number.isFinite(number) ? number : undefined}
      aria-valuetext={text || undefined}
      aria-valuemin={min}
      aria-valuemax={max}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      value={text}
      onChange={(event) => onText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
        event.preventDefault();
        if (event.key === 'ArrowUp') steps.increment();
        else steps.decrement();
      }}
    />
  );
}
