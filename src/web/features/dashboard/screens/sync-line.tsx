import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { elapsedSince } from '../../../../shared/format/elapsed';
import { useNow } from '../../../lib/use-now';

const line = css({ fontSize: 'sm', color: 'fg.muted' });

export interface SyncLineProps {
  /** When the store's data last came in; null before any, undefined while unknown (nothing shows). */
  lastSyncedAt: string | null | undefined;
  /** The instant "hace N min" counts from (the clock, unless a story or test fixes it). */
  now?: number;
}

/** One quiet line under the header: is the store's data flowing. */
export function SyncLine({ lastSyncedAt, now }: SyncLineProps) {
  const { t } = useTranslation('dashboard');
  const clock = useNow();
  if (lastSyncedAt === undefined) return null;
  if (lastSyncedAt === null) return <p className={line}>{t('sync.never')}</p>;
  const elapsed = elapsedSince(lastSyncedAt, now ?? clock);
  return <p className={line}>{elapsed.unit === 'justNow' ? t('sync.justNow') : t(`sync.${elapsed.unit}`, { count: elapsed.count })}</p>;
}
