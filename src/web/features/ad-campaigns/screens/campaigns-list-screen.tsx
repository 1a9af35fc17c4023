import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { components } from '../../../../shared/api/app.gen';
import { formatMoney } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { ActionsMenu, type ActionsMenuItem } from '../../../ui/actions-menu';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonGroup } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { CampaignBudgetDialog, type CampaignBudgetDialogProps } from './campaign-budget-dialog';
import { CampaignDeleteDialog, type CampaignDeleteDialogProps } from './campaign-delete-dialog';
import {
  CAMPAIGN_FILTERS,
  type CampaignAction,
  type CampaignFilter,
  CampaignStatusBadge,
  toggleActionOf,
  useCampaignDates,
} from './campaigns-list-parts';

export type { CampaignAction, CampaignFilter } from './campaigns-list-parts';
export { CAMPAIGN_FILTERS } from './campaigns-list-parts';

export type CampaignListItem = components['schemas']['AdCampaignSummary'];

/** Why the campaigns cannot be listed until the merchant goes to Integrations (the list answered 409). */
export type MetaConnectionProblem = 'notConnected' | 'renewalRequired';

export interface CampaignsListScreenProps {
  campaigns: Loadable<readonly CampaignListItem[]>;
  onRetry: () => void;
  /** Set when Meta must be connected or renewed first: the list gives way to the way there. */
  metaProblem?: MetaConnectionProblem | null | undefined;
  /** Where Meta is connected; absent for roles that cannot open Integrations. */
  integrationsHref?: string | undefined;
  filter: CampaignFilter;
  onFilterChange: (filter: CampaignFilter) => void;
  createHref: string;
  detailHref: (campaignId: number) => string;
  onAction: (campaign: CampaignListItem, action: CampaignAction) => void;
  /** Campaigns whose activation is being saved. */
  activating: readonly number[];
  budget: CampaignBudgetDialogProps;
  deletion: CampaignDeleteDialogProps;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
}

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' });
const loadingList = css({ display: 'grid', gap: '3' });
const figures = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: '2fr 1fr 1fr 1.5fr' },
  gap: '3',
  m: '0',
});
const figure = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0' });
const figureLabel = css({ fontSize: 'xs', color: 'fg.muted' });
const figureValue = css({
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.default',
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
  m: '0',
});
const reason = css({ fontSize: 'sm', color: 'fg.muted' });

function CampaignRow({
  campaign,
  detailHref,
  activating,
  onAction,
  linkComponent: Link,
}: {
  campaign: CampaignListItem;
  detailHref: string;
  activating: boolean;
  onAction: (action: CampaignAction) => void;
  linkComponent: LinkComponent;
}) {
  const { t } = useTranslation('campaigns');
  const datesOf = useCampaignDates();
  const toggle = toggleActionOf(campaign.status);
  const money = (value: number) => formatMoney(value, campaign.currency);
  const items: ActionsMenuItem[] = [
    ...(toggle ? [{ value: toggle, label: t(`actions.${toggle}`), disabled: activating }] : []),
    { value: 'edit', label: t('actions.edit'), disabled: !campaign.editable },
    { value: 'budget', label: t('actions.budget'), disabled: !campaign.editable },
    { value: 'delete', label: t('actions.delete'), tone: 'danger' },
  ];
  const nameId = `campaign-${campaign.id}-name`;
  const reasonId = `campaign-${campaign.id}-reason`;
  return (
    <Card
      as="article"
      size="sm"
      titleId={nameId}
      aria-describedby={campaign.notEditableReason ? reasonId : undefined}
      title={<Link href={detailHref}>{campaign.name}</Link>}
      badges={
        <>
          <CampaignStatusBadge status={campaign.status} />
          <Badge>{t(`type.${campaign.type}`)}</Badge>
          {campaign.editable ? null : <Badge tone="warning">{t('notEditable.badge')}</Badge>}
        </>
      }
      actions={
        <ActionsMenu
          id={`campaign-${campaign.id}-actions`}
          label={t('actions.menu', { name: campaign.name })}
          items={items}
          onSelect={(value) => onAction(value as CampaignAction)}
        />
      }
    >
      <dl className={figures}>
        <div className={figure}>
          <dt className={figureLabel}>{t('table.dates')}</dt>
          <dd className={figureValue}>{datesOf(campaign.startAt, campaign.endAt)}</dd>
        </div>
        <div className={figure}>
          <dt className={figureLabel}>{t('table.dailyBudget')}</dt>
          <dd className={figureValue}>{money(campaign.dailyBudget)}</dd>
        </div>
        <div className={figure}>
          <dt className={figureLabel}>{t('table.spend')}</dt>
          <dd className={figureValue}>{money(campaign.spend)}</dd>
        </div>
        <div className={figure}>
          <dt className={figureLabel}>{t('table.segmentLabel')}</dt>
          <dd className={figureValue}>{campaign.segmentName}</dd>
        </div>
      </dl>
      {campaign.notEditableReason ? (
        <p id={reasonId} className={reason}>
          {t(`notEditable.${campaign.notEditableReason}`)}
        </p>
      ) : null}
    </Card>
  );
}

/** SPEC §2 ad campaign list: filtered by status, each campaign's figures and actions, the budget and delete modals. */
export function CampaignsListScreen(props: CampaignsListScreenProps) {
  const { t } = useTranslation('campaigns');
  const { campaigns, filter, metaProblem, integrationsHref, linkComponent: Link = PlainLink } = props;
  const createLink = (
    <Link href={props.createHref} className={button()}>
      {t('create')}
    </Link>
  );

  if (metaProblem)
    return (
      <div className={page}>
        <PageHeader title={t('title')} description={t('subtitle')} />
        <Card as="div">
          <EmptyState
            title={t(`metaRequired.${metaProblem}.title`)}
            description={
              integrationsHref
                ? t(`metaRequired.${metaProblem}.description`)
                : `${t(`metaRequired.${metaProblem}.description`)} ${t('metaRequired.colaborator')}`
            }
            action={
              integrationsHref ? (
                <Link href={integrationsHref} className={button()}>
                  {t('metaRequired.action')}
                </Link>
              ) : undefined
            }
          />
        </Card>
      </div>
    );

  const body = (
    <LoadableView
      loadable={campaigns}
      loading={<SkeletonGroup className={loadingList} items={[{ shape: 'block' }, { shape: 'block' }]} />}
      onRetry={props.onRetry}
      error={(failed) => <Card as="div">{failed}</Card>}
    >
      {(shown) =>
        shown.length === 0 ? (
          <Card as="div">
            <EmptyState
              title={t(`empty.${filter}.title`)}
              description={t(`empty.${filter}.description`)}
              action={filter === 'all' ? createLink : undefined}
              secondaryAction={
                filter === 'all' ? undefined : (
                  <Button variant="outline" onClick={() => props.onFilterChange('all')}>
                    {t('empty.showAll')}
                  </Button>
                )
              }
            />
          </Card>
        ) : (
          <ul className={list}>
            {shown.map((campaign) => (
              <li key={campaign.id}>
                <CampaignRow
                  campaign={campaign}
                  detailHref={props.detailHref(campaign.id)}
                  activating={props.activating.includes(campaign.id)}
                  onAction={(action) => props.onAction(campaign, action)}
                  linkComponent={Link}
                />
              </li>
            ))}
          </ul>
        )
      }
    </LoadableView>
  );

  return (
    <div className={page}>
      <PageHeader title={t('title')} description={t('subtitle')} actions={createLink} />
      <Tabs
        id="campaigns-filter"
        label={t('filter.label')}
        value={filter}
        onValueChange={(value) => props.onFilterChange(value as CampaignFilter)}
        items={CAMPAIGN_FILTERS.map((value) => ({ value, label: t(`filter.${value}`), content: value === filter ? body : null }))}
      />
      <CampaignBudgetDialog {...props.budget} />
      <CampaignDeleteDialog {...props.deletion} />
    </div>
  );
}
