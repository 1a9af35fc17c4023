import type { ReactNode } from 'react';
import * as ProgressBarParts from './parts/progress-bar';

export interface ProgressBarProps {
  label: ReactNode;
  /** 0–100; null while the total is still unknown. */
  value: number | null;
  /** Below the bar, e.g. "Descargando pedidos (3.200 de 12.000)". */
  description?: ReactNode;
}

/** Progress of a long task, such as the first data download after an integration. */
export function ProgressBar({ label, value, description }: ProgressBarProps) {
  return (
    <ProgressBarParts.Root value={value} min={0} max={100} locale="es-CL">
      <ProgressBarParts.Label>{label}</ProgressBarParts.Label>
      <ProgressBarParts.Track>
        <ProgressBarParts.Range />
      </ProgressBarParts.Track>
      {description ? <ProgressBarParts.Description>{description}</ProgressBarParts.Description> : null}
      {value !== null ? <ProgressBarParts.ValueText /> : null}
    </ProgressBarParts.Root>
  );
}
