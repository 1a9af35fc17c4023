import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../shared/format';
import { Button } from './button';
import { Icon } from './icons';
import * as KpiParts from './parts/kpi';
import { Skeleton } from './skeleton';
import { Tooltip } from './tooltip';

export type KpiState = { status: 'loading' } | { status: 'error' } | { status: 'success'; value: string };

export interface KpiChange {
  /** Relative change against the previous period: 0.12 is 12 % more; null when there is nothing to compare. */
  ratio: number | null;
  /** For costs (CPM, acquisition cost) a fall is the good news. */
  lowerIsBetter?: boolean;
}

export interface KpiProps {
  label: ReactNode;
  state: KpiState;
  onRetry?: () => void;
  /** What the figure means; behind a help button. */
  help?: string;
  change?: KpiChange;
  /** Open the help from the start (stories, onboarding hints). */
  helpOpen?: boolean;
}

function trendOf(change: KpiChange): 'better' | 'worse' | 'same' {
  if (change.ratio === null || change.ratio === 0 || Number.isNaN(change.ratio)) return 'same';
  const rose = change.ratio > 0;
  return rose !== Boolean(change.lowerIsBetter) ? 'better' : 'worse';
}

/** One key figure with its help, its change against the previous period, and its loading and error states. */
export function Kpi({ label, state, onRetry, help, change, helpOpen }: KpiProps) {
  const { t } = useTranslation('common');
  const helpId = useId();
  return (
    <KpiParts.Root aria-busy={state.status === 'loading'}>
      <KpiParts.Header>
        <KpiParts.Label>{label}</KpiParts.Label>
        {help ? (
          <Tooltip id={helpId} content={help} defaultOpen={helpOpen}>
            <KpiParts.Help type="button" aria-label={t('ui.kpi.help')}>
              <Icon name="info" />
            </KpiParts.Help>
          </Tooltip>
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
          {change.ratio === null ? t('ui.kpi.noComparison') : formatPercent(change.ratio, { signed: true })}{' '}
          <KpiParts.Period>{t('ui.kpi.vsPreviousPeriod')}</KpiParts.Period>
        </KpiParts.Change>
      ) : null}
      {state.status === 'error' ? (
        <KpiParts.Error role="alert">
          <KpiParts.Message>{t('loadError')}</KpiParts.Message>
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
