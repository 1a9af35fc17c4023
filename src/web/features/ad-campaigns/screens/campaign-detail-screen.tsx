import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { components } from '../../../../shared/api/app.gen';
import type { Loadable } from '../../../api/loadable';
import { ActionsMenu } from '../../../ui/actions-menu';
import { Badge } from '../../../ui/badge';
import { Banner } from '../../../ui/banner';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { Button } from '../../../ui/button';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { RecordNotFound } from '../../../ui/record-not-found';
import { SkeletonGroup } from '../../../ui/skeleton';
import { CampaignBudgetDialog, type CampaignBudgetDialogProps } from './campaign-budget-dialog';
import { CampaignDeleteDialog, type CampaignDeleteDialogProps } from './campaign-delete-dialog';
import { CampaignDetailInfo } from './campaign-detail-info';
import { CampaignDetailResults, type CampaignDetailResultsProps } from './campaign-detail-results';
import { type CampaignAction, CampaignStatusBadge, toggleActionOf } from './campaigns-list-parts';

export type { ReportMetric } from './campaign-detail-results';
export { REPORT_METRICS } from './campaign-detail-results';

type AdCampaign = components['schemas']['AdCampaign'];

export interface CampaignDetailScreenProps {
  /** null: no such campaign (deleted, or another store's). */
  campaign: Loadable<AdCampaign | null>;
  onRetry: () => void;
  results: CampaignDetailResultsProps;
  listHref: string;
  editHref: string;
  /** The activation is being saved. */
  activating: boolean;
  /** Activate, deactivate, budget or delete (editing is a link). */
  onAction: (action: Exclude<CampaignAction, 'edit'>) => void;
  budget: CampaignBudgetDialogProps;
  deletion: CampaignDeleteDialogProps;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
}

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' });
const section = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });
const sectionTitle = css({ textStyle: 'sectionTitle', color: 'fg.default' });
const statusLine = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' });
const actions = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' });

/** SPEC §2 ad campaign detail: general details, metrics, day-by-day report, KPIs and ads, with the list's actions. */
export function CampaignDetailScreen(props: CampaignDetailScreenProps) {
  return (
    <LoadableView
      loadable={props.campaign}
      loading={<SkeletonGroup className={page} items={[{ shape: 'text' }, { shape: 'block' }, { shape: 'block' }]} />}
      onRetry={props.onRetry}
      error={(failed) => <div className={page}>{failed}</div>}
    >
      {(item) => <CampaignDetail {...props} item={item} />}
    </LoadableView>
  );
}

function CampaignDetail({
  item,
  results,
  listHref,
  editHref,
  activating,
  onAction,
  budget,
  deletion,
  linkComponent: Link = PlainLink,
}: CampaignDetailScreenProps & { item: AdCampaign | null }) {
  const { t } = useTranslation('campaignDetail');
  const { t: tList } = useTranslation('campaigns');

  if (item === null)
    return (
      <div className={page}>
        <RecordNotFound texts={t('notFound', { returnObjects: true })} listHref={listHref} linkComponent={Link} />
      </div>
    );

  const toggle = toggleActionOf(item.status);
  return (
    <div className={page}>
      <Breadcrumbs items={[{ href: listHref, label: t('breadcrumb') }, { label: item.name }]} linkComponent={Link} />
      <PageHeader
        title={item.name}
        actions={
          <div className={actions}>
            {toggle ? (
              <Button variant="outline" loading={activating} onClick={() => onAction(toggle)}>
                {t(`actions.${toggle}`)}
              </Button>
            ) : null}
            {item.editable ? (
              <Link href={editHref} className={button()}>
                {t('actions.edit')}
              </Link>
            ) : (
              <Button disabled>{t('actions.edit')}</Button>
            )}
            <ActionsMenu
              id={`campaign-${item.id}-more`}
              label={t('actions.more', { name: item.name })}
              items={[
                { value: 'budget', label: t('actions.budget'), disabled: !item.editable },
                { value: 'delete', label: t('actions.delete'), tone: 'danger' },
              ]}
              onSelect={(value) => onAction(value as 'budget' | 'delete')}
            />
          </div>
        }
      />
      <p className={statusLine}>
        <CampaignStatusBadge status={item.status} />
        <Badge>{tList(`type.${item.type}`)}</Badge>
      </p>
      {item.notEditableReason ? <Banner tone="info" message={tList(`notEditable.${item.notEditableReason}`)} /> : null}
      <section className={section} aria-labelledby="campaign-details-title">
        <h2 id="campaign-details-title" className={sectionTitle}>
          {t('details.title')}
        </h2>
        <CampaignDetailInfo campaign={item} />
      </section>
      <CampaignDetailResults {...results} />
      <CampaignBudgetDialog {...budget} />
      <CampaignDeleteDialog {...deletion} />
    </div>
  );
}
