import { Progress } from '@ark-ui/react/progress';
import type { ReactNode } from 'react';
import { progressBar } from 'styled-system/recipes';

export interface ProgressBarProps {
  label: ReactNode;
  /** 0–100; null while the total is still unknown. */
  value: number | null;
  /** Below the bar, e.g. "Descargando pedidos (3.200 de 12.000)". */
  description?: ReactNode;
}

/** Progress of a long task, such as the first data download after an integration. */
export function ProgressBar({ label, value, description }: ProgressBarProps) {
  const classes = progressBar();
  return (
    <Progress.Root className={classes.root} value={value} min={0} max={100} locale="es-CL">
      <Progress.Label className={classes.label}>{label}</Progress.Label>
      <Progress.Track className={classes.track}>
        <Progress.Range className={classes.range} />
      </Progress.Track>
      {description ? <p className={classes.valueText}>{description}</p> : null}
      {value !== null ? <Progress.ValueText className={classes.valueText} /> : null}
    </Progress.Root>
  );
}
