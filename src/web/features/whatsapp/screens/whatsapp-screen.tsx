import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { components } from '../../../../shared/api/app.gen';
import { formatDate, formatUsd } from '../../../../shared/format';
import { WHATSAPP_RATES } from '../../../../shared/whatsapp-campaigns';
import type { Loadable } from '../../../api/loadable';
import { ActionsMenu, type ActionsMenuItem } from '../../../ui/actions-menu';
import { Badge, StatusBadge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Modal } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonGroup } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { CampaignDeleteDialog } from './campaign-delete-dialog';
import { useTemplateStatusNote } from './template-status';
import { type CampaignAction, type WhatsappCampaignListItem, WhatsappCampaignsTab } from './whatsapp-campaigns-tab';

export type WhatsappTemplateListItem = components['schemas']['WhatsappTemplateSummary'];

export type WhatsappTab = 'campaigns' | 'templates';
export const WHATSAPP_TABS: readonly WhatsappTab[] = ['campaigns', 'templates'];

/** What can be done to a template from its card. */
export type TemplateAction = 'view' | 'edit' | 'delete';

export interface WhatsappScreenProps {
  tab: WhatsappTab;
  onTabChange: (tab: WhatsappTab) => void;
  campaigns: Loadable<readonly WhatsappCampaignListItem[]>;
  onCampaignsRetry: () => void;
  /** Whether the store has an approved template to send a campaign with; null while its templates load. */
  hasApprovedTemplate: boolean | null;
  createCampaignHref: string;
  campaignHref: (campaignId: number) => string;
  onCampaignAction: (campaign: WhatsappCampaignListItem, action: CampaignAction) => void;
  /** The campaign whose deletion is being confirmed. */
  campaignDeleteTarget: WhatsappCampaignListItem | null;
  campaignDeleting: boolean;
  onCampaignDeleteCancel: () => void;
  onCampaignDeleteConfirm: () => void;
  templates: Loadable<readonly WhatsappTemplateListItem[]>;
  onRetry: () => void;
  /** The store has no messaging-app integration (409 `whatsapp_not_connected`): each tab leads to Integrations. */
  notConnected?: boolean | undefined;
  /** Where WhatsApp is connected; absent for roles that cannot open Integrations. */
  integrationsHref?: string | undefined;
  createTemplateHref: string;
  templateHref: (templateId: number) => string;
  onTemplateAction: (template: WhatsappTemplateListItem, action: TemplateAction) => void;
  infoOpen: boolean;
  onInfoOpenChange: (open: boolean) => void;
  /** The template whose deletion is being confirmed. */
  deleteTarget: WhatsappTemplateListItem | null;
  deleting: boolean;
  onDeleteCancel: () => void;
  onDeleteConfirm: () => void;
  linkComponent?: LinkComponent;
}

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0', pt: '4' });
const loadingList = css({ display: 'grid', gap: '3', pt: '4' });
const note = css({ fontSize: 'sm', color: 'fg.muted', m: '0' });
const meta = css({ fontSize: 'xs', color: 'fg.muted', m: '0' });
const tabActions = css({ display: 'flex', justifyContent: 'flex-end', gap: '3', flexWrap: 'wrap', pt: '4' });
const infoList = css({ display: 'flex', flexDirection: 'column', gap: '3', m: '0', pl: '5', fontSize: 'sm', color: 'fg.default' });

function TemplateCard({
  template,
  href,
  onAction,
  linkComponent: Link,
}: {
  template: WhatsappTemplateListItem;
  href: string;
  onAction: (action: TemplateAction) => void;
  linkComponent: LinkComponent;
}) {
  const { t } = useTranslation('whatsapp');
  const { t: tDetail } = useTranslation('templateDetail');
  const noteOf = useTemplateStatusNote();
  const statusNote = noteOf(template);
  const items: ActionsMenuItem[] = [
    { value: 'view', label: t('templates.actions.view') },
    { value: 'edit', label: t('templates.actions.edit'), disabled: !template.editing.allowed },
    { value: 'delete', label: t('templates.actions.delete'), tone: 'danger' },
  ];
  const nameId = `template-${template.id}-name`;
  return (
    <Card
      as="article"
      size="sm"
      titleId={nameId}
      title={<Link href={href}>{template.name}</Link>}
      badges={
        <>
          <StatusBadge kind="template" status={template.status} />
          <Badge>{tDetail(`category.${template.category}.label`)}</Badge>
        </>
      }
      actions={
        <ActionsMenu
          id={`template-${template.id}-actions`}
          label={t('templates.actions.menu', { name: template.name })}
          items={items}
          onSelect={(value) => onAction(value as TemplateAction)}
        />
      }
    >
      {template.description ? <p className={note}>{template.description}</p> : null}
      {statusNote ? <p className={note}>{statusNote}</p> : null}
      <p className={meta}>{t('templates.updatedAt', { date: formatDate(template.updatedAt) })}</p>
    </Card>
  );
}

/** SPEC §2 messaging-app campaigns list: the campaigns and templates tabs, the templates with their status, and the info modal. */
export function WhatsappScreen(props: WhatsappScreenProps) {
  const { t } = useTranslation('whatsapp');
  const { t: tDetail } = useTranslation('templateDetail');
  const { templates, tab, linkComponent: Link = PlainLink } = props;
  const createLink = (
    <Link href={props.createTemplateHref} className={button()}>
      {t('templates.create')}
    </Link>
  );
  const infoButton = (
    <Button variant="outline" onClick={() => props.onInfoOpenChange(true)}>
      {tab === 'campaigns' ? t('campaignsInfo.open') : t('info.open')}
    </Button>
  );
  // The info modal explains the tab it was opened from.
  const info = tab === 'campaigns' ? 'campaignsInfo' : 'info';
  const infoPoints = t(`${info}.points`, {
    returnObjects: true,
    marketing: formatUsd(WHATSAPP_RATES.usd.MARKETING),
    utility: formatUsd(WHATSAPP_RATES.usd.UTILITY),
    asOf: formatDate(WHATSAPP_RATES.asOf),
  }) as string[];
  const campaignDelete = props.campaignDeleteTarget;

  const notConnected = (
    <Card as="div">
      <EmptyState
        title={tab === 'campaigns' ? t('notConnected.campaignsTitle') : t('notConnected.title')}
        description={[
          tab === 'campaigns' ? t('notConnected.campaignsDescription') : t('notConnected.description'),
          props.integrationsHref ? '' : t('notConnected.colaborator'),
        ]
          .filter(Boolean)
          .join(' ')}
        action={
          props.integrationsHref ? (
            <Link href={props.integrationsHref} className={button()}>
              {t('notConnected.action')}
            </Link>
          ) : undefined
        }
      />
    </Card>
  );

  const campaignsTab = props.notConnected ? (
    notConnected
  ) : (
    <WhatsappCampaignsTab
      campaigns={props.campaigns}
      onRetry={props.onCampaignsRetry}
      hasApprovedTemplate={props.hasApprovedTemplate}
      createCampaignHref={props.createCampaignHref}
      createTemplateHref={props.createTemplateHref}
      campaignHref={props.campaignHref}
      onCampaignAction={props.onCampaignAction}
      infoButton={infoButton}
      linkComponent={Link}
    />
  );

  const templatesTab = props.notConnected ? (
    notConnected
  ) : (
    <LoadableView
      loadable={templates}
      loading={<SkeletonGroup className={loadingList} items={[{ shape: 'block' }, { shape: 'block' }]} />}
      onRetry={props.onRetry}
      error={(failed) => <Card as="div">{failed}</Card>}
    >
      {(shown) =>
        shown.length === 0 ? (
          <Card as="div">
            <EmptyState
              title={t('templates.empty.title')}
              description={t('templates.empty.description')}
              action={createLink}
              secondaryAction={infoButton}
            />
          </Card>
        ) : (
          <>
            <div className={tabActions}>
              {infoButton}
              {createLink}
            </div>
            <ul className={list}>
              {shown.map((template) => (
                <li key={template.id}>
                  <TemplateCard
                    template={template}
                    href={props.templateHref(template.id)}
                    onAction={(action) => props.onTemplateAction(template, action)}
                    linkComponent={Link}
                  />
                </li>
              ))}
            </ul>
          </>
        )
      }
    </LoadableView>
  );

  return (
    <div className={page}>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <Tabs
        id="whatsapp-tabs"
        label={t('tabs.label')}
        value={tab}
        onValueChange={(value) => props.onTabChange(value as WhatsappTab)}
        items={WHATSAPP_TABS.map((value) => ({
          value,
          label: t(`tabs.${value}`),
          content: value !== tab ? null : value === 'templates' ? templatesTab : campaignsTab,
        }))}
      />
      <Modal
        id={`whatsapp-${info}`}
        title={t(`${info}.title`)}
        open={props.infoOpen}
        onOpenChange={props.onInfoOpenChange}
        footer={<Button onClick={() => props.onInfoOpenChange(false)}>{t(`${info}.close`)}</Button>}
      >
        <ul className={infoList}>
          {infoPoints.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </Modal>
      <CampaignDeleteDialog
        campaign={campaignDelete}
        open={campaignDelete !== null}
        pending={props.campaignDeleting}
        onCancel={props.onCampaignDeleteCancel}
        onConfirm={props.onCampaignDeleteConfirm}
      />
      <ConfirmDialog
        id="template-delete"
        open={props.deleteTarget !== null}
        texts={tDetail('delete', { returnObjects: true, name: props.deleteTarget?.name ?? '' })}
        pending={props.deleting}
        onCancel={props.onDeleteCancel}
        onConfirm={props.onDeleteConfirm}
      />
    </div>
  );
}
