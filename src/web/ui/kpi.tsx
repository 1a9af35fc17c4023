import { type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatPercentagePoints } from '../../shared/format';
import type { FailureCause } from '../api/errors';
import type { Loadable } from '../api/loadable';
import { Button } from './button';
import { Icon } from './icons';
import * as KpiParts from './parts/kpi';
import { preloadable } from './preloadable';
import { Skeleton } from './skeleton';

// The tooltip's positioning engine is a twentieth of the dashboard's first load: the help button shows
// at once and its tooltip's code arrives right after, long before a pointer can rest on it.
const Tooltip = preloadable(
  () => import('./tooltip'),
  (module) => module.Tooltip,
);

/** Fetches the help tooltips' code ahead of the first key figures. */
export const preloadKpiHelp = Tooltip.preload;

/** A failure's `cause` words its message (the server's by default). */
export type KpiState = { status: 'loading' } | { status: 'error'; cause?: FailureCause } | { status: 'success'; value: string };

/** A figure read from data that loads: loading and failed as the data is, else the figure `read` makes of it. */
export function kpiStateOf<T>(loadable: Loadable<T>, read: (data: T) => string): KpiState {
  return loadable.status === 'success' ? { status: 'success', value: read(loadable.data) } : loadable;
}

/** The change against the comparison period: relative for amounts and counts, in percentage points for rates. */
export type KpiChange = {
  /** For costs (CPM, acquisition cost) a fall is the good news. */
  lowerIsBetter?: boolean;
  /** What the figure is compared with, already translated; "vs. período anterior" by default. */
  against?: string;
} & (
  | {
      /** Relative change: 0.12 is 12 % more; null when there is nothing to compare. */
      ratio: number | null;
    }
  | {
      /** A rate's difference in percentage points: 3.2 is 3,2 points more; null when there is nothing to compare. */
      points: number | null;
    }
);

export interface KpiProps {
  label: ReactNode;
  state: KpiState;
  onRetry?: () => void;
  /** What the figure means; behind a help button. */
  help?: string;
  change?: KpiChange;
  /** Open the help from the start (stories, onboarding hints). */
  helpOpen?: boolean;
  /** Said under the figure: why it reads as it does, and what to do about it. */
  note?: ReactNode;
}

const changeOf = (change: KpiChange) => ('ratio' in change ? change.ratio : change.points);

function trendOf(change: KpiChange): 'better' | 'worse' | 'same' {
  const value = changeOf(change);
  if (value === null || value === 0 || Number.isNaN(value)) return 'same';
  return value > 0 !== Boolean(change.lowerIsBetter) ? 'better' : 'worse';
}

/** One key figure with its help, its change against the previous period, and its loading and error states. */
export function Kpi({ label, state, onRetry, help, change, helpOpen, note }: KpiProps) {
  const { t } = useTranslation('common');
  const helpId = useId();
  const helpButton = (
    <KpiParts.Help type="button" aria-label={t('ui.kpi.help')}>
      <Icon name="info" />
    </KpiParts.Help>
  );
  return (
    <KpiParts.Root aria-busy={state.status === 'loading'}>
      <KpiParts.Header>
        <KpiParts.Label>{label}</KpiParts.Label>
        {help ? (
          <Suspense fallback={helpButton}>
            <Tooltip id={helpId} content={help} defaultOpen={helpOpen}>
              {helpButton}
            </Tooltip>
          </Suspense>
        ) : null}
      </KpiParts.Header>
      {state.status === 'loading' ? (
        <div data-testid="kpi-skeleton">
          <Skeleton shape="value" />
        </div>
      ) : null}
      {state.status === 'success' ? <KpiParts.Value>{state.value}</KpiParts.Value> : null}
      {state.status === 'success' && change ? (
        <KpiParts.Change data-trend={trendOf(change)}>
          {changeOf(change) === null
            ? t('ui.kpi.noComparison')
            : 'ratio' in change
              ? formatPercent(change.ratio, { signed: true })
              : formatPercentagePoints(change.points)}{' '}
          <KpiParts.Period>{change.against ?? t('ui.kpi.vsPreviousPeriod')}</KpiParts.Period>
        </KpiParts.Change>
      ) : null}
      {state.status === 'success' && note ? <KpiParts.Note>{note}</KpiParts.Note> : null}
      {state.status === 'error' ? (
        <KpiParts.Error role="alert">
          <KpiParts.Message>{t(`loadError.${state.cause ?? 'server'}.title`)}</KpiParts.Message>
          {onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('retry')}
            </Button>
          ) : null}
        </KpiParts.Error>
      ) : null}
    </KpiParts.Root>
  );
}
