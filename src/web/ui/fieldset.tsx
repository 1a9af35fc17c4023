import type { ReactNode } from 'react';
import * as FieldsetParts from './parts/fieldset';

export interface FieldsetRootProps {
  /** Already translated. */
  legend: ReactNode;
  /** Shown below the group and marks it invalid; already translated. */
  error?: string | undefined;
  helperText?: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}

/** Several controls answering one question, under one legend, with one message. */
export function FieldsetRoot({ legend, error, helperText, disabled, children }: FieldsetRootProps) {
  return (
    <FieldsetParts.Root invalid={Boolean(error)} disabled={disabled}>
      <FieldsetParts.Legend>{legend}</FieldsetParts.Legend>
      {children}
      {helperText && !error ? <FieldsetParts.HelperText>{helperText}</FieldsetParts.HelperText> : null}
      <FieldsetParts.ErrorText>{error}</FieldsetParts.ErrorText>
    </FieldsetParts.Root>
  );
}
