import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount, formatDateTime } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { ActionsMenu, type ActionsMenuItem } from '../../../ui/actions-menu';
import { Badge, StatusBadge } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import type { LinkComponent } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { ProgressBar } from '../../../ui/progress-bar';
import { SkeletonGroup } from '../../../ui/skeleton';

export type WhatsappCampaignListItem = components['schemas']['WhatsappCampaignSummary'];

/** What can be done to a campaign from its card. */
export type CampaignAction = 'view' | 'delete';

export interface WhatsappCampaignsTabProps {
  campaigns: Loadable<readonly WhatsappCampaignListItem[]>;
  onRetry: () => void;
  /** Whether the store has an approved template to send a campaign with; null while its templates load. */
  hasApprovedTemplate: boolean | null;
  createCampaignHref: string;
  createTemplateHref: string;
  campaignHref: (campaignId: number) => string;
  onCampaignAction: (campaign: WhatsappCampaignListItem, action: CampaignAction) => void;
  /** Beside the create link: the info modal's button. */
  infoButton: ReactNode;
  linkComponent: LinkComponent;
}

const list = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0', pt: '4' });
const loadingList = css({ display: 'grid', gap: '3', pt: '4' });
const note = css({ fontSize: 'sm', color: 'fg.muted', m: '0' });
const warning = css({ fontSize: 'sm', color: 'warning.text', m: '0' });
const meta = css({ fontSize: 'xs', color: 'fg.muted', m: '0' });
// The three figures side by side, wrapping on a phone.
const figures = css({ display: 'flex', flexWrap: 'wrap', rowGap: '2', columnGap: '6', m: '0' });
const figure = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' });
const figureLabel = css({ fontSize: 'xs', color: 'fg.muted' });
const figureValue = css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg.default', m: '0' });
const tabActions = css({ display: 'flex', justifyContent: 'flex-end', gap: '3', flexWrap: 'wrap', pt: '4' });

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** When the campaign was scheduled, sent or created, as its state makes the date matter. */
function dateLine(campaign: WhatsappCampaignListItem, t: ReturnType<typeof useTranslation<'whatsapp'>>['t']): string {
  if (campaign.status === 'sent' && campaign.sentAt) return t('campaigns.dates.sent', { date: formatDateTime(campaign.sentAt) });
  if (campaign.status === 'sending' && campaign.sendAt) return t('campaigns.dates.sending', { date: formatDateTime(campaign.sendAt) });
  if ((campaign.status === 'scheduled' || campaign.status === 'created') && campaign.sendAt)
    return t('campaigns.dates.scheduled', { date: formatDateTime(campaign.sendAt) });
  return t('campaigns.dates.created', { date: formatDateTime(campaign.createdAt) });
}

/** Why an automated campaign is paused, in one sentence with what to do. */
function pauseNote(campaign: WhatsappCampaignListItem, t: ReturnType<typeof useTranslation<'whatsapp'>>['t']): string | null {
  if (campaign.status !== 'paused' || campaign.pauseReason === null) return null;
  if (campaign.pauseReason === 'templatePaused')
    return campaign.pausedUntil
      ? t('campaigns.paused.templatePaused', { until: formatDateTime(campaign.pausedUntil) })
      : t('campaigns.paused.templatePausedNoDate');
  return t(`campaigns.paused.${campaign.pauseReason}`);
}

function CampaignCard({
  campaign,
  href,
  onAction,
  linkComponent: Link,
}: {
  campaign: WhatsappCampaignListItem;
  href: string;
  onAction: (action: CampaignAction) => void;
  linkComponent: LinkComponent;
}) {
  const { t } = useTranslation('whatsapp');
  const nameId = `whatsapp-campaign-${campaign.id}-name`;
  const items: ActionsMenuItem[] = [
    { value: 'view', label: t('campaigns.actions.view') },
    { value: 'delete', label: t('campaigns.actions.delete'), tone: 'danger' },
  ];
  const { metrics } = campaign;
  const paused = pauseNote(campaign, t);
  const audience =
    campaign.kind === 'unique'
      ? campaign.segment
        ? t('campaigns.segment', { name: campaign.segment.name })
        : null
      : campaign.event
        ? t('campaigns.event', {
            event:
              campaign.event === 'segmentEntry'
                ? campaign.segment
                  ? t('campaigns.events.segmentEntry', { segment: campaign.segment.name })
                  : t('campaigns.events.segmentEntryNoSegment')
                : t(`campaigns.events.${campaign.event}`),
          })
        : null;
  const started = campaign.status !== 'created' && campaign.status !== 'scheduled';
  return (
    <Card
      as="article"
      size="sm"
      titleId={nameId}
      title={<Link href={href}>{campaign.name}</Link>}
      badges={
        <>
          <StatusBadge kind="messagingCampaign" status={campaign.status} />
          <Badge>{t(`campaigns.kind.${campaign.kind}`)}</Badge>
        </>
      }
      actions={
        <ActionsMenu
          id={`whatsapp-campaign-${campaign.id}-actions`}
          label={t('campaigns.actions.menu', { name: campaign.name })}
          items={items}
          onSelect={(value) => onAction(value as CampaignAction)}
        />
      }
    >
      <p className={note}>
        {campaign.template.id === null
          ? t('campaigns.templateDeleted', { name: campaign.template.name })
          : t('campaigns.template', { name: campaign.template.name })}
        {audience ? ` · ${audience}` : null}
      </p>
      {paused ? <p className={warning}>{paused}</p> : null}
      {campaign.status === 'created' ? <p className={note}>{t('campaigns.created')}</p> : null}
      {campaign.status === 'sending' ? (
        <ProgressBar
          label={t('campaigns.progress', { done: formatCount(campaign.progress.done), total: formatCount(campaign.progress.total) })}
          value={percent(campaign.progress.done, campaign.progress.total)}
        />
      ) : null}
      {started ? (
        <dl className={figures}>
          {(
            [
              ['sent', formatCount(metrics.messagesSent)],
              ['delivered', `${formatCount(metrics.messagesDelivered)} (${percent(metrics.messagesDelivered, metrics.messagesSent)} %)`],
              ['read', `${formatCount(metrics.messagesRead)} (${percent(metrics.messagesRead, metrics.messagesSent)} %)`],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className={figure}>
              <dt className={figureLabel}>{t(`campaigns.figures.${key}`)}</dt>
              <dd className={figureValue}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className={meta}>{dateLine(campaign, t)}</p>
    </Card>
  );
}

/** The campaigns tab (SPEC §2): unique and automated campaigns with their state and figures, or how to start. */
export function WhatsappCampaignsTab(props: WhatsappCampaignsTabProps) {
  const { t } = useTranslation('whatsapp');
  const { linkComponent: Link } = props;
  const createLink = (
    <Link href={props.createCampaignHref} className={button()}>
      {t('campaigns.create')}
    </Link>
  );
  return (
    <LoadableView
      loadable={props.campaigns}
      loading={<SkeletonGroup className={loadingList} items={[{ shape: 'block' }, { shape: 'block' }]} />}
      onRetry={props.onRetry}
      error={(failed) => <Card as="div">{failed}</Card>}
    >
      {(shown) =>
        props.hasApprovedTemplate === false && shown.length === 0 ? (
          // Nothing can be sent without an approved template: that comes first.
          <Card as="div">
            <EmptyState
              title={t('campaigns.noApprovedTemplate.title')}
              description={t('campaigns.noApprovedTemplate.description')}
              action={
                <Link href={props.createTemplateHref} className={button()}>
                  {t('campaigns.noApprovedTemplate.action')}
                </Link>
              }
              secondaryAction={props.infoButton}
            />
          </Card>
        ) : shown.length === 0 ? (
          <Card as="div">
            <EmptyState
              title={t('campaigns.empty.title')}
              description={t('campaigns.empty.description')}
              action={createLink}
              secondaryAction={props.infoButton}
            />
          </Card>
        ) : (
          <>
            <div className={tabActions}>
              {props.infoButton}
              {createLink}
            </div>
            <ul className={list}>
              {shown.map((campaign) => (
                <li key={campaign.id}>
                  <CampaignCard
                    campaign={campaign}
                    href={props.campaignHref(campaign.id)}
                    onAction={(action) => props.onCampaignAction(campaign, action)}
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
}
