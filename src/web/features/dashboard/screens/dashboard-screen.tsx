import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Kpi, type KpiState } from '../../../ui/kpi';

export interface DashboardScreenProps {
  /** null when the user has no store yet. */
  totalOrders: KpiState | null;
  onRetry: () => void;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '6' });
const header = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const title = css({ fontSize: '2xl', fontWeight: 'bold', color: 'fg.default' });
const subtitle = css({ fontSize: 'sm', color: 'fg.muted' });
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))', gap: '4' });

export function DashboardScreen({ totalOrders, onRetry }: DashboardScreenProps) {
  const { t } = useTranslation('dashboard');
  return (
    <div className={root}>
      <header className={header}>
        <h1 className={title}>{t('title')}</h1>
        <p className={subtitle}>{totalOrders ? t('subtitle') : t('noStore')}</p>
      </header>
      {totalOrders ? (
        <div className={grid}>
          <Kpi label={t('kpi.totalOrders')} state={totalOrders} onRetry={onRetry} />
        </div>
      ) : null}
    </div>
  );
}
