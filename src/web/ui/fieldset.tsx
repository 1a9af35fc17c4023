import { Fieldset as ArkFieldset } from '@ark-ui/react/fieldset';
import type { ReactNode } from 'react';
import { fieldset } from 'styled-system/recipes';

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
  const classes = fieldset();
  return (
    <ArkFieldset.Root className={classes.root} invalid={Boolean(error)} disabled={disabled}>
      <ArkFieldset.Legend className={classes.legend}>{legend}</ArkFieldset.Legend>
      {children}
      {helperText && !error ? <ArkFieldset.HelperText className={classes.helperText}>{helperText}</ArkFieldset.HelperText> : null}
      <ArkFieldset.ErrorText className={classes.errorText}>{error}</ArkFieldset.ErrorText>
    </ArkFieldset.Root>
  );
}
