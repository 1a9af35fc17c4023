import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon } from './icons';
import * as EmptyStateParts from './parts/empty-state';

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
  return (
    <EmptyStateParts.Root tone={tone} role={tone === 'error' ? 'alert' : undefined}>
      <EmptyStateParts.Icon>{tone === 'error' ? <Icon name="error" /> : <EmptyIcon />}</EmptyStateParts.Icon>
      <EmptyStateParts.Title>{title}</EmptyStateParts.Title>
      {description ? <EmptyStateParts.Description>{description}</EmptyStateParts.Description> : null}
      {action ? <EmptyStateParts.Action>{action}</EmptyStateParts.Action> : null}
    </EmptyStateParts.Root>
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
