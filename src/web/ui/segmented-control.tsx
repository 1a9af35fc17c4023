import { useId } from 'react';
import * as SegmentedControlParts from './parts/segmented-control';

export interface SegmentedControlOption<T extends string> {
  value: T;
  /** Already translated. */
  label: string;
}

export interface SegmentedControlProps<T extends string> {
  /** Already translated; names the group for assistive technology. */
  label: string;
  options: readonly SegmentedControlOption<T>[];
  value: T;
  onValueChange: (value: T) => void;
}

/** One of a few always-visible choices (two or three), as toggle buttons in a labelled group. */
export function SegmentedControl<T extends string>({ label, options, value, onValueChange }: SegmentedControlProps<T>) {
  const labelId = useId();
  return (
    <SegmentedControlParts.Root>
      <SegmentedControlParts.Label id={labelId}>{label}</SegmentedControlParts.Label>
      <SegmentedControlParts.Group role="group" aria-labelledby={labelId}>
        {options.map((option) => (
          <SegmentedControlParts.Item
            key={option.value}
            type="button"
            aria-pressed={option.value === value}
            onClick={() => onValueChange(option.value)}
          >
            {option.label}
          </SegmentedControlParts.Item>
        ))}
      </SegmentedControlParts.Group>
    </SegmentedControlParts.Root>
  );
}
