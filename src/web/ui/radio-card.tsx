import { type ReactNode, type Ref, useId } from 'react';
import type { RadioCardVariantProps } from 'styled-system/recipes';
import * as RadioCardParts from './parts/radio-card';

export interface RadioCardOption<T extends string> {
  value: T;
  /** The card's content, already translated; all of it names the choice for assistive technology. */
  content: ReactNode;
  disabled?: boolean | undefined;
}

export interface RadioCardGroupProps<T extends string> extends RadioCardVariantProps {
  /** Names the group for assistive technology (the section's title shows what is chosen); already translated. */
  legend: string;
  options: readonly RadioCardOption<T>[];
  value: T | null;
  onValueChange: (value: T) => void;
  name?: string | undefined;
  /** No choice can be changed. */
  disabled?: boolean | undefined;
  invalid?: boolean | undefined;
  /** The message that says what is wrong, shown by the caller. */
  'aria-describedby'?: string | undefined;
  /** What a form focuses (a refusal, a broken rule): the first choice. */
  inputRef?: Ref<HTMLInputElement> | undefined;
  onBlur?: (() => void) | undefined;
}

/** A choice among a few options drawn as cards: a campaign's type, a plan. */
export function RadioCardGroup<T extends string>({
  legend,
  options,
  value,
  onValueChange,
  name,
  disabled,
  invalid,
  'aria-describedby': describedBy,
  inputRef,
  onBlur,
  ...variants
}: RadioCardGroupProps<T>) {
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const id = useId();
  return (
    <RadioCardParts.Root
      {...variants}
      id={id}
      name={name}
      value={value}
      onValueChange={(details) => {
        // Ark gives the input's value back: one of `options`.
        const chosen = options.find((option) => option.value === details.value);
        if (chosen) onValueChange(chosen.value);
      }}
      disabled={disabled}
      invalid={invalid}
      aria-describedby={describedBy}
    >
      <RadioCardParts.Label>{legend}</RadioCardParts.Label>
      {options.map((option, index) => (
        <RadioCardParts.Item key={option.value} value={option.value} disabled={option.disabled}>
          {variants.indicator === 'none' ? null : <RadioCardParts.ItemControl />}
          <RadioCardParts.ItemText>{option.content}</RadioCardParts.ItemText>
          <RadioCardParts.ItemHiddenInput ref={index === 0 ? inputRef : undefined} onBlur={onBlur} />
        </RadioCardParts.Item>
      ))}
    </RadioCardParts.Root>
  );
}
