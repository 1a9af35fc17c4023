import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount, formatDateTime } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Badge, StatusBadge } from '../../../ui/badge';
import { Banner } from '../../../ui/banner';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { ProgressBar } from '../../../ui/progress-bar';
import { RecordNotFound } from '../../../ui/record-not-found';
import { SkeletonGroup } from '../../../ui/skeleton';
import { StatList, type StatListItem } from '../../../ui/stat-list';
import { CampaignDeleteDialog } from './campaign-delete-dialog';
import { CampaignDetailChats, type CampaignDetailChatsProps } from './campaign-detail-chats';
import { CampaignDetailResults } from './campaign-detail-results';
import { TemplatePreview } from './template-preview';

type WhatsappCampaign = components['schemas']['WhatsappCampaign'];

export interface CampaignDetailScreenProps {
  /** null: no such campaign (deleted, or another store's). */
  campaign: Loadable<WhatsappCampaign | null>;
  onRetry: () => void;
  chats: CampaignDetailChatsProps;
  whatsappHref: string;
  deleteOpen: boolean;
  onDeleteOpenChange: (open: boolean) => void;
  deleting: boolean;
  onDeleteConfirm: () => void;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
}

/** Whether the campaign has begun to send, so it has figures and recipients to show. */
export const campaignHasStarted = (campaign: Pick<WhatsappCampaign, 'status'>) =>
  campaign.status !== 'created' && campaign.status !== 'scheduled';

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', minW: '0' });
const statusLine = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', m: '0' });
const pair = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' },
  gap: '6',
  alignItems: 'start',
});
const setup = css({ display: 'flex', flexDirection: 'column', gap: '4', minW: '0' });
const variableList = css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', p: '0', m: '0' });
const variableName = css({ fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted' });

/** SPEC §2 messaging campaign detail: its state, general metrics, funnel, clicks, template and campaign, and its chats. */
export function CampaignDetailScreen(props: CampaignDetailScreenProps) {
  return (
    <LoadableView
      loadable={props.campaign}
      loading={<SkeletonGroup className={page} items={[{ shape: 'text' }, { lines: 3 }, { shape: 'block' }, { shape: 'block' }]} />}
      onRetry={props.onRetry}
      error={(failed) => <div className={page}>{failed}</div>}
    >
      {(campaign) => <CampaignDetail {...props} campaign={campaign} />}
    </LoadableView>
  );
}

function CampaignDetail({
  campaign,
  chats,
  whatsappHref,
  deleteOpen,
  onDeleteOpenChange,
  deleting,
  onDeleteConfirm,
  linkComponent: Link = PlainLink,
}: Omit<CampaignDetailScreenProps, 'campaign'> & { campaign: WhatsappCampaign | null }) {
  const { t } = useTranslation('whatsappCampaignDetail');
  if (campaign === null)
    return (
      <div className={page}>
        <RecordNotFound texts={t('notFound', { returnObjects: true })} listHref={whatsappHref} linkComponent={Link} />
      </div>
    );

  const started = campaignHasStarted(campaign);
  return (
    <div className={page}>
      <Breadcrumbs items={[{ href: whatsappHref, label: t('breadcrumb') }, { label: campaign.name }]} linkComponent={Link} />
      <PageHeader
        title={campaign.name}
        actions={
          <Button variant="outline" onClick={() => onDeleteOpenChange(true)}>
            {t('actions.delete')}
          </Button>
        }
      />
      <p className={statusLine}>
        <StatusBadge kind="messagingCampaign" status={campaign.status} />
        <Badge>{t(`kind.${campaign.kind}`)}</Badge>
      </p>
      <CampaignState campaign={campaign} />
      <CampaignDates campaign={campaign} />
      {started ? (
        <CampaignDetailResults campaign={campaign} />
      ) : (
        <Card as="div">
          <EmptyState title={t('notStarted.title')} description={t('notStarted.description')} />
        </Card>
      )}
      <div className={pair}>
        <CampaignSetup campaign={campaign} />
        <Card title={t('template.title')} description={t('template.description')}>
          <CampaignTemplate campaign={campaign} />
        </Card>
      </div>
      {started ? <CampaignDetailChats {...chats} timeZone={campaign.timeZone} /> : null}
      <CampaignDeleteDialog
        campaign={campaign}
        open={deleteOpen}
        pending={deleting}
        onCancel={() => onDeleteOpenChange(false)}
        onConfirm={onDeleteConfirm}
      />
    </div>
  );
}

/** Sending x of y, a pause and its reason, messages waiting for the messaging limit. */
function CampaignState({ campaign }: { campaign: WhatsappCampaign }) {
  const { t } = useTranslation('whatsappCampaignDetail');
  const { done, total } = campaign.progress;
  const template = campaign.template.name;
  const reason = campaign.pauseReason;
  return (
    <>
      {campaign.status === 'sending' ? (
        <ProgressBar
          label={t('progress.label')}
          value={total > 0 ? Math.round((done / total) * 1000) / 10 : null}
          description={t('progress.description', { done: formatCount(done), total: formatCount(total) })}
        />
      ) : null}
      {campaign.status === 'paused' && reason ? (
        <Banner
          tone={reason === 'templatePaused' ? 'warning' : 'danger'}
          message={
            reason === 'templatePaused' && campaign.pausedUntil
              ? t('paused.templatePaused', { template, until: formatDateTime(campaign.pausedUntil, campaign.timeZone) })
              : t(reason === 'templatePaused' ? 'paused.templatePausedNoEnd' : `paused.${reason}`, { template })
          }
        />
      ) : null}
      {campaign.deferred ? (
        <Banner
          tone="info"
          message={t('deferred', {
            messages: formatCount(campaign.deferred.count),
            at: formatDateTime(campaign.deferred.resumesAt, campaign.timeZone),
          })}
        />
      ) : null}
    </>
  );
}

/** Created, scheduled and sent, in the store's time zone. */
function CampaignDates({ campaign }: { campaign: WhatsappCampaign }) {
  const { t } = useTranslation('whatsappCampaignDetail');
  const at = (value: string) => formatDateTime(value, campaign.timeZone);
  const items: StatListItem[] = [{ key: 'createdAt', label: t('dates.createdAt'), value: at(campaign.createdAt) }];
  if (campaign.sendAt) items.push({ key: 'sendAt', label: t('dates.sendAt'), value: at(campaign.sendAt) });
  if (campaign.sentAt) items.push({ key: 'sentAt', label: t('dates.sentAt'), value: at(campaign.sentAt) });
  return (
    <Card title={t('dates.title')} description={t('dates.timeZone', { timeZone: campaign.timeZone })}>
      <StatList items={items} />
    </Card>
  );
}

/** What the campaign was written with: its segment or event, delay, window and the variables' texts. */
function CampaignSetup({ campaign }: { campaign: WhatsappCampaign }) {
  const { t } = useTranslation('whatsappCampaignDetail');
  const items: StatListItem[] = [];
  if (campaign.kind === 'unique' || campaign.event === 'segmentEntry')
    items.push({ key: 'segment', label: t('campaign.segment'), value: campaign.segment?.name ?? t('campaign.noSegment') });
  if (campaign.kind === 'automated') {
    const event = campaign.event ?? 'segmentEntry';
    items.push({
      key: 'event',
      label: t('campaign.event'),
      value:
        event === 'segmentEntry' && campaign.segment
          ? t('event.segmentEntry', { segment: campaign.segment.name })
          : t(event === 'segmentEntry' ? 'event.segmentEntryNoName' : `event.${event}`),
    });
    items.push({
      key: 'delay',
      label: t('campaign.delay'),
      value: campaign.delay ? t(`delay.${campaign.delay.unit}`, { count: campaign.delay.amount }) : t('campaign.noDelay'),
    });
    items.push({
      key: 'window',
      label: t('campaign.window'),
      value: campaign.window ? t('campaign.windowValue', campaign.window) : t('campaign.noWindow'),
    });
  }
  items.push({
    key: 'variables',
    label: t('campaign.variables'),
    value:
      campaign.variables.length === 0 ? (
        t('campaign.noVariables')
      ) : (
        <ul className={variableList}>
          {campaign.variables.map((variable) => (
            <li key={variable.name}>
              <span className={variableName}>{`{{${variable.name}}}`}</span> {variable.text}
            </li>
          ))}
        </ul>
      ),
  });
  return (
    <div className={setup}>
      <Card title={t('campaign.title')}>
        <StatList items={items} />
      </Card>
    </div>
  );
}

/** The template's name and state, and its content as the campaign sends it, the campaign's texts in its variables. */
function CampaignTemplate({ campaign }: { campaign: WhatsappCampaign }) {
  const { t } = useTranslation('whatsappCampaignDetail');
  const { t: tTemplate } = useTranslation('templateDetail');
  const { content, template } = campaign;
  const texts = new Map(campaign.variables.map((variable) => [variable.name, variable.text]));
  const media = campaign.headerMedia ?? content.header.media;
  return (
    <div className={setup}>
      <StatList
        items={[
          { key: 'name', label: t('template.name'), value: template.name },
          { key: 'category', label: t('template.category'), value: tTemplate(`category.${template.category}.label`) },
          {
            key: 'status',
            label: t('template.status'),
            value: template.status ? (
              <StatusBadge kind="template" status={template.status} />
            ) : (
              <Badge tone="danger">{t('template.deleted')}</Badge>
            ),
          },
        ]}
      />
      <TemplatePreview
        content={{
          header: { format: content.header.format, text: content.header.text, fileName: media?.name, url: media?.url },
          body: content.body,
          footer: content.footer,
          variables: content.variables.map((variable) => ({ ...variable, example: texts.get(variable.name) ?? variable.example })),
          buttons: content.buttons,
        }}
      />
    </div>
  );
}
