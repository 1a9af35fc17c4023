import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { formatCount } from '../../../../shared/format';
import { Spinner } from '../../../ui/spinner';
import type { SegmentCountState } from '../api/segment-form';

export interface SegmentFormCountProps {
  count: SegmentCountState;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0', flexGrow: '1' });
const label = css({ textStyle: 'note', color: 'fg.muted' });
const line = css({ display: 'flex', alignItems: 'center', gap: '2', minH: '7' });
const value = css({
  fontSize: 'lg',
  fontWeight: 'semibold',
  color: 'fg.default',
  fontVariantNumeric: 'tabular-nums',
  '&[data-updating]': { color: 'fg.muted' },
});
const quiet = css({ textStyle: 'note', color: 'fg.muted' });
const failed = css({ textStyle: 'note', color: 'danger.text' });
// Keeps its place while hidden, so the line never moves when a count starts or ends.
const spinnerSlot = css({ display: 'inline-flex', flexShrink: '0', '&[data-hidden]': { visibility: 'hidden' } });

/**
 * "N clientes coinciden", kept on screen while a newer count is on its way (dimmed, a small spinner
 * beside it), so typing never makes it flash. Screen readers hear the settled count only.
 */
export function SegmentFormCount({ count }: SegmentFormCountProps) {
  const { t } = useTranslation('createSegment');
  const busy = !count.incomplete && count.updating;
  let text: string;
  let className = value;
  if (count.incomplete) {
    text = t('count.incomplete');
    className = quiet;
  } else if (count.failed) {
    text = t('count.failed');
    className = failed;
  } else if (count.customers === null) {
    text = t('count.calculating');
    className = quiet;
  } else {
    text = t('count.matching', { count: count.customers, formatted: formatCount(count.customers) });
  }
  return (
    <div className={root} aria-busy={busy || undefined}>
      <span className={label}>{t('count.label')}</span>
      <span className={line}>
        <span role="status" className={className} data-updating={busy && count.customers !== null ? '' : undefined}>
          {text}
        </span>
        <span className={spinnerSlot} data-hidden={busy ? undefined : ''}>
          <Spinner size="sm" />
        </span>
        {busy && count.customers !== null ? <span className={css({ srOnly: true })}>{t('count.updating')}</span> : null}
      </span>
    </div>
  );
}
