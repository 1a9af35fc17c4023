import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailureCause } from '../api/errors';
import { Button } from './button';
import { Icon } from './icons';
import * as EmptyStateParts from './parts/empty-state';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** The main way out of the empty state: a button or link, solid. */
  action?: ReactNode;
  /** A second, quieter way out (an outline button), after the main one; the two wrap on a narrow screen. */
  secondaryAction?: ReactNode;
  /** `error` for a failed load: same layout, an alert for screen readers. */
  tone?: 'neutral' | 'error';
  /** When the state is the whole page (no such page, a page that failed), its title is the page's heading. */
  headingLevel?: 1 | 2;
}

function EmptyIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M3 13l3-8h12l3 8v6H3z" />
      <path d="M3 13h5l1 2h6l1-2h5" />
    </svg>
  );
}

export function EmptyState({ title, description, action, secondaryAction, tone = 'neutral', headingLevel }: EmptyStateProps) {
  const TitleTag = headingLevel === undefined ? 'p' : (`h${headingLevel}` as const);
  return (
    <EmptyStateParts.Root tone={tone} role={tone === 'error' ? 'alert' : undefined}>
      <EmptyStateParts.Icon>{tone === 'error' ? <Icon name="error" /> : <EmptyIcon />}</EmptyStateParts.Icon>
      <EmptyStateParts.Title asChild>
        <TitleTag>{title}</TitleTag>
      </EmptyStateParts.Title>
      {description ? <EmptyStateParts.Description>{description}</EmptyStateParts.Description> : null}
      {action || secondaryAction ? (
        <EmptyStateParts.Action>
          {action}
          {secondaryAction}
        </EmptyStateParts.Action>
      ) : null}
    </EmptyStateParts.Root>
  );
}

export interface LoadErrorStateProps {
  onRetry?: (() => void) | undefined;
  /** Why the load failed: the merchant's connection, or our side (the default). */
  cause?: FailureCause | undefined;
}

/** The failed-load state of a table, chart or list, worded for its cause, with a retry when the caller offers one. */
export function LoadErrorState({ onRetry, cause = 'server' }: LoadErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      tone="error"
      title={t(`loadError.${cause}.title`)}
      // Only the connection gets a line of its own: what the merchant can do about it.
      description={cause === 'network' ? t('loadError.network.description') : undefined}
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
