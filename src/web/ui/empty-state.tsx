import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyState } from 'styled-system/recipes';
import { Button } from './button';
import { Icon } from './icons';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A button or link that gets the merchant out of the empty state. */
  action?: ReactNode;
  /** `error` for a failed load: same layout, an alert for screen readers. */
  tone?: 'neutral' | 'error';
}

function EmptyIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M3 13l3-8h12l3 8v6H3z" />
      <path d="M3 13h5l1 2h6l1-2h5" />
    </svg>
  );
}

export function EmptyState({ title, description, action, tone = 'neutral' }: EmptyStateProps) {
  const classes = emptyState({ tone });
  return (
    <div className={classes.root} role={tone === 'error' ? 'alert' : undefined}>
      <div className={classes.icon}>{tone === 'error' ? <Icon name="error" /> : <EmptyIcon />}</div>
      <p className={classes.title}>{title}</p>
      {description ? <p className={classes.description}>{description}</p> : null}
      {action ? <div className={classes.action}>{action}</div> : null}
    </div>
  );
}

export interface LoadErrorStateProps {
  onRetry?: (() => void) | undefined;
}

/** The failed-load state of a table, chart or list, with a retry when the caller offers one. */
export function LoadErrorState({ onRetry }: LoadErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      tone="error"
      title={t('loadError')}
      action={
        onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
