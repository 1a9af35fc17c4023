import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as ChartParts from '../parts/chart';
import { CHART_BACKGROUND, PARTIAL_KEY_COLOR, STROKES } from './theme';

/** What a swatch draws: a measured series as a line or a bar, a comparison series, or a partial period. */
export type SwatchKind = 'line' | 'bar' | 'comparison' | 'partialLine' | 'partialBar';

/** A series' mark in small, drawn the way the chart draws it (in a 16 × 10 box). */
export function Swatch({ kind, color }: { kind: SwatchKind; color: string }) {
  const hatch = `hatch-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  let mark;
  switch (kind) {
    case 'line':
      mark = (
        <>
          <line x1="0" y1="5" x2="16" y2="5" stroke={color} strokeWidth={STROKES.lineWidth} />
          <circle cx="8" cy="5" r={STROKES.pointRadius} fill={color} />
        </>
      );
      break;
    case 'bar':
      mark = <rect x="3" y="0" width="10" height="10" rx="1.5" fill={color} />;
      break;
    case 'comparison':
      mark = (
        <line
          x1="1.5"
          y1="5"
          x2="14.5"
          y2="5"
          stroke={color}
          strokeWidth={STROKES.comparisonWidth}
          strokeLinecap="round"
          strokeDasharray={STROKES.comparisonDash}
        />
      );
      break;
    case 'partialLine':
      mark = (
        <>
          <line x1="0" y1="5" x2="16" y2="5" stroke={color} strokeWidth={STROKES.lineWidth} strokeDasharray="3 2" />
          <circle cx="12" cy="5" r={STROKES.pointRadius} fill={CHART_BACKGROUND} stroke={color} strokeWidth={STROKES.lineWidth} />
        </>
      );
      break;
    case 'partialBar':
      mark = (
        <>
          <defs>
            <pattern id={hatch} width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
              <rect width="4" height="4" fill={CHART_BACKGROUND} />
              <line x1="0" y1="0" x2="0" y2="4" stroke={color} strokeWidth="2" />
            </pattern>
          </defs>
          <rect x="3.75" y="0.75" width="8.5" height="8.5" fill={`url(#${hatch})`} stroke={color} strokeWidth={STROKES.partialBorder} />
        </>
      );
      break;
  }
  return (
    <ChartParts.Swatch viewBox="0 0 16 10" aria-hidden="true">
      {mark}
    </ChartParts.Swatch>
  );
}

export interface LegendEntry {
  id: string;
  label: string;
  color: string;
  kind: SwatchKind;
}

/** Every series with its full label; the list wraps on narrow screens instead of cutting labels. */
export function Legend({ entries }: { entries: readonly LegendEntry[] }) {
  const { t } = useTranslation('common');
  return (
    <ChartParts.Legend aria-label={t('ui.chart.legend')}>
      {entries.map((entry) => (
        <ChartParts.LegendItem key={entry.id}>
          <Swatch kind={entry.kind} color={entry.color} />
          {entry.label}
        </ChartParts.LegendItem>
      ))}
    </ChartParts.Legend>
  );
}

/** Under a chart with a partial period: what its mark means (the mark itself only beside the chart). */
export function PartialNote({ mark }: { mark?: 'partialLine' | 'partialBar' | undefined }) {
  const { t } = useTranslation('common');
  return (
    <ChartParts.Note>
      {mark ? <Swatch kind={mark} color={PARTIAL_KEY_COLOR} /> : null}
      {t('ui.chart.partialNote')}
    </ChartParts.Note>
  );
}
