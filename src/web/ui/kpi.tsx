import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { kpi } from 'styled-system/recipes';
import { formatPercent } from '../../shared/format';
import { Button } from './button';
import { Icon } from './icons';
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
  const classes = kpi();
  const helpId = useId();
  return (
    <article className={classes.root} aria-busy={state.status === 'loading'}>
      <div className={classes.header}>
        <h2 className={classes.label}>{label}</h2>
        {help ? (
          <Tooltip id={helpId} content={help} defaultOpen={helpOpen}>
            <button type="button" className={classes.help} aria-label={t('ui.kpi.help')}>
              <Icon name="info" />
            </button>
          </Tooltip>
        ) : null}
      </div>
      {state.status === 'loading' ? (
        <div data-testid="kpi-skeleton">
          <Skeleton shape="value" />
        </div>
      ) : null}
      {state.status === 'success' ? <p className={classes.value}>{state.value}</p> : null}
      {state.status === 'success' && change ? (
        <p className={classes.change} data-trend={trendOf(change)}>
          {change.ratio === null ? t('ui.kpi.noComparison') : formatPercent(change.ratio, { signed: true })}{' '}
          <span className={classes.period}>{t('ui.kpi.vsPreviousPeriod')}</span>
        </p>
      ) : null}
      {state.status === 'error' ? (
        <div className={classes.error} role="alert">
          <p className={classes.message}>{t('loadError')}</p>
          {onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
