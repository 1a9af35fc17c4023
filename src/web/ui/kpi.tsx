import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { kpi } from 'styled-system/recipes';
import { Button } from './button';

export type KpiState = { status: 'loading' } | { status: 'error' } | { status: 'success'; value: string };

export interface KpiProps {
  label: ReactNode;
  state: KpiState;
  onRetry?: () => void;
}

/** One key figure with its loading and error states. The value arrives formatted. */
export function Kpi({ label, state, onRetry }: KpiProps) {
  const { t } = useTranslation('common');
  const classes = kpi();
  return (
    <article className={classes.root} aria-busy={state.status === 'loading'}>
      <h2 className={classes.label}>{label}</h2>
      {state.status === 'loading' ? <div className={classes.skeleton} data-testid="kpi-skeleton" /> : null}
      {state.status === 'success' ? <p className={classes.value}>{state.value}</p> : null}
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
