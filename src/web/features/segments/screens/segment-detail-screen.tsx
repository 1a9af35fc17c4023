import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { components as AppComponents } from '../../../../shared/api/app.gen';
import type { components } from '../../../../shared/api/backend.gen';
import { type Formattable, formatClp, formatCount, formatDate } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Banner } from '../../../ui/banner';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { Kpi, kpiStateOf } from '../../../ui/kpi';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { RecordNotFound } from '../../../ui/record-not-found';
import { SkeletonGroup } from '../../../ui/skeleton';
import { SegmentCustomers, type SegmentCustomersProps } from './segment-detail-customers';
import { SegmentStatusBadge, useSegmentTexts } from './segment-texts';

export type { SegmentCustomersOrder, SegmentCustomersSort } from './segment-detail-customers';

type SegmentStats = components['schemas']['SegmentStats'];

/** What the detail's header shows of a segment; `builtAt` is null before the first build ends. */
export type SegmentDetailItem = Pick<
  AppComponents['schemas']['Segment'],
  'id' | 'key' | 'name' | 'description' | 'status' | 'buildFailure' | 'builtAt'
>;

export interface SegmentDetailScreenProps {
  /** null: no such segment (deleted, or another store's). */
  segment: Loadable<SegmentDetailItem | null>;
  onRetry: () => void;
  stats: Loadable<SegmentStats>;
  onStatsRetry: () => void;
  /** The members' table, without the segment's name (the screen adds it). */
  customers: Omit<SegmentCustomersProps, 'name'>;
  downloading: boolean;
  onDownload: () => void;
  listHref: string;
  /** Custom segments only. */
  editHref?: string | undefined;
  campaignHref: string;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
}

type MetricKey = Exclude<keyof SegmentStats, 'segmentId' | 'status' | 'currency' | 'builtAt'>;

const sizeFormat = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 });

/** SPEC §3's segment metrics, in the order a merchant reads them: now, then all time. */
const METRICS: readonly { key: MetricKey; format: (value: Formattable) => string }[] = [
  { key: 'orders', format: formatCount },
  { key: 'income', format: formatClp },
  { key: 'totalCustomers', format: formatCount },
  { key: 'totalIncome', format: formatClp },
  { key: 'avgIncomeByCustomer', format: formatClp },
  { key: 'ordersAvgSize', format: (value) => (typeof value === 'number' ? sizeFormat.format(value) : formatCount(value)) },
];

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' });
const section = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });
const sectionTitle = css({ textStyle: 'sectionTitle', color: 'fg.default' });
const statusLine = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' });
const figures = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))', gap: '4' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

/** SPEC §2 segment detail: its build state, its metrics (SPEC §3) and its members. */
export function SegmentDetailScreen(props: SegmentDetailScreenProps) {
  return (
    <LoadableView
      loadable={props.segment}
      loading={<SkeletonGroup className={page} items={[{ shape: 'text' }, { shape: 'block' }]} />}
      onRetry={props.onRetry}
      error={(failed) => <div className={page}>{failed}</div>}
    >
      {(item) => <SegmentDetail {...props} item={item} />}
    </LoadableView>
  );
}

function SegmentDetail({
  item,
  stats,
  onStatsRetry,
  customers,
  downloading,
  onDownload,
  listHref,
  editHref,
  campaignHref,
  linkComponent: Link = PlainLink,
}: SegmentDetailScreenProps & { item: SegmentDetailItem | null }) {
  const { t } = useTranslation('segments');
  const { nameOf, descriptionOf } = useSegmentTexts();
  const crumbs = (current: string) => (
    <Breadcrumbs items={[{ href: listHref, label: t('detail.breadcrumb') }, { label: current }]} linkComponent={Link} />
  );

  if (item === null)
    return (
      <div className={page}>
        <RecordNotFound texts={t('detail.notFound', { returnObjects: true })} listHref={listHref} linkComponent={Link} />
      </div>
    );

  const name = nameOf(item);
  const ready = item.status === 'ready';
  const data = stats.status === 'success' ? stats.data : null;
  // A segment nobody meets yet: nothing to search, sort or download.
  const empty = data !== null && data.totalCustomers === 0;

  return (
    <div className={page}>
      {crumbs(name)}
      <PageHeader
        title={name}
        description={descriptionOf(item) ?? undefined}
        actions={
          <div className={actions}>
            <Button variant="outline" loading={downloading} disabled={!ready || empty} onClick={onDownload}>
              {t('actions.download')}
            </Button>
            {editHref ? (
              <Link href={editHref} className={button({ variant: 'outline' })}>
                {t('actions.edit')}
              </Link>
            ) : null}
            <Link href={campaignHref} className={button()}>
              {t('card.createCampaign')}
            </Link>
          </div>
        }
      />
      <p className={statusLine}>
        <SegmentStatusBadge status={item.status} />
        {ready && item.builtAt ? <span>{t('detail.builtAt', { date: formatDate(item.builtAt) })}</span> : null}
      </p>
      {ready ? (
        <>
          <section className={section} aria-labelledby="segment-metrics-title">
            <h2 id="segment-metrics-title" className={sectionTitle}>
              {t('detail.metrics.title')}
            </h2>
            <div className={figures}>
              {METRICS.map(({ key, format }) => (
                <Kpi
                  key={key}
                  label={t(`detail.metrics.${key}.label`)}
                  help={t(`detail.metrics.${key}.help`)}
                  state={kpiStateOf(stats, (figures) => format(figures[key]))}
                  onRetry={onStatsRetry}
                />
              ))}
            </div>
          </section>
          <section className={section} aria-labelledby="segment-customers-title">
            <h2 id="segment-customers-title" className={sectionTitle}>
              {t('detail.table.title')}
            </h2>
            {empty ? (
              <Card as="div">
                <EmptyState title={t('detail.empty.title')} description={t('detail.empty.description')} />
              </Card>
            ) : (
              <SegmentCustomers name={name} {...customers} />
            )}
          </section>
        </>
      ) : item.status === 'failed' ? (
        <Banner tone="danger" message={item.buildFailure ?? t('detail.failed')} />
      ) : (
        <Banner tone="info" message={t('detail.building')} />
      )}
    </div>
  );
}
