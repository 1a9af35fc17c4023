import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount, formatPercent } from '../../../../shared/format';
import { ActionsMenu, type ActionsMenuItem } from '../../../ui/actions-menu';
import { Card } from '../../../ui/card';
import type { LinkComponent } from '../../../ui/link';
import { Switch } from '../../../ui/switch';
import { SegmentStatusBadge, useSegmentTexts } from './segment-texts';

type SegmentKey = components['schemas']['SegmentKey'];
type SegmentStatus = components['schemas']['SegmentStatus'];
type SegmentSyncFailure = components['schemas']['SegmentSyncFailure'];

/** A segment's Klaviyo sync as its toggle shows it. */
export type SegmentSyncView =
  | { state: 'off' }
  | { state: 'syncing' }
  | { state: 'synced'; members: number }
  | { state: 'failed'; failure: SegmentSyncFailure };

/** One segment of the list: what it is, how big, how its build and its sync stand. */
export interface SegmentListItem {
  id: number;
  /** A default segment's key (its texts are the app's); null for a custom one. */
  key: SegmentKey | null;
  name: string | null;
  description: string | null;
  status: SegmentStatus;
  /** Why its members could not be computed, in Spanish (the server's words), when `status` is failed. */
  buildFailure: string | null;
  /** Members at the last build; null before the first one ends. */
  customers: number | null;
  /** The members' share of the store's customers (0.25 is 25 %); null when unknown. */
  share: number | null;
  sync: SegmentSyncView;
}

export type SegmentAction = 'edit' | 'delete' | 'download';

export interface SegmentCardProps {
  segment: SegmentListItem;
  detailHref: string;
  campaignHref: string;
  /** Klaviyo connected: the toggle is offered. */
  syncOffered: boolean;
  /** False for collaborators: they see the toggle but cannot change it. */
  canChangeSync: boolean;
  /** The sync change is being saved. */
  syncPending: boolean;
  onSyncChange: (enabled: boolean) => void;
  /** Where a failed sync is fixed; absent for roles that cannot open integrations. */
  integrationsHref?: string | undefined;
  downloading: boolean;
  onAction: (action: SegmentAction) => void;
  linkComponent: LinkComponent;
}

const description = css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' });
const figures = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: '2', rowGap: '1', fontSize: 'sm' });
const count = css({ fontWeight: 'semibold', color: 'fg.default' });
const muted = css({ color: 'fg.muted' });
const failure = css({ fontSize: 'sm', color: 'danger.text', overflowWrap: 'anywhere' });
const footer = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '3',
  pt: '3',
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'border.default',
});
const syncArea = css({ display: 'flex', flexDirection: 'column', gap: '1', flexGrow: '1', flexBasis: '64', minWidth: '0' });
const reviewLink = css({
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'accent.text',
  textDecoration: 'underline',
  alignSelf: 'flex-start',
});

/** One segment: its name and build state, size, Klaviyo toggle, campaign action and actions menu. */
export function SegmentCard({
  segment,
  detailHref,
  campaignHref,
  syncOffered,
  canChangeSync,
  syncPending,
  onSyncChange,
  integrationsHref,
  downloading,
  onAction,
  linkComponent: Link,
}: SegmentCardProps) {
  const { t } = useTranslation('segments');
  const { nameOf, descriptionOf } = useSegmentTexts();
  const name = nameOf(segment);
  const text = descriptionOf(segment);
  const ready = segment.status === 'ready';
  const items: ActionsMenuItem[] = [
    ...(segment.key === null ? [{ value: 'edit', label: t('actions.edit') }] : []),
    { value: 'download', label: t('actions.download'), disabled: !ready || downloading },
    ...(segment.key === null ? [{ value: 'delete', label: t('actions.delete'), tone: 'danger' as const }] : []),
  ];
  const { sync } = segment;

  return (
    <Card
      as="article"
      size="sm"
      titleId={`segment-${segment.id}-name`}
      title={<Link href={detailHref}>{name}</Link>}
      badges={<SegmentStatusBadge status={segment.status} />}
      actions={
        <ActionsMenu
          id={`segment-${segment.id}-actions`}
          label={t('card.actions', { name })}
          items={items}
          onSelect={(value) => onAction(value as SegmentAction)}
        />
      }
    >
      <p className={description}>{text ?? t('card.noDescription')}</p>
      {segment.status === 'failed' && segment.buildFailure ? <p className={failure}>{segment.buildFailure}</p> : null}
      <p className={figures}>
        {segment.customers === null ? (
          <span className={muted}>{segment.status === 'failed' ? t('card.notCalculated') : t('card.calculating')}</span>
        ) : (
          <>
            <span className={count}>{t('card.customers', { count: segment.customers, formatted: formatCount(segment.customers) })}</span>
            {segment.share === null ? null : <span className={muted}>{t('card.share', { share: formatPercent(segment.share) })}</span>}
          </>
        )}
      </p>
      <div className={footer}>
        {syncOffered ? (
          <div className={syncArea}>
            <Switch
              id={`segment-${segment.id}-sync`}
              label={t('sync.label')}
              checked={sync.state !== 'off'}
              onCheckedChange={onSyncChange}
              disabled={!canChangeSync}
              loading={syncPending}
              helperText={
                sync.state === 'syncing'
                  ? t('sync.syncing')
                  : sync.state === 'synced'
                    ? t('sync.synced', { count: sync.members, formatted: formatCount(sync.members) })
                    : t('sync.off')
              }
              error={sync.state === 'failed' ? t(`sync.failure.${sync.failure}`) : undefined}
            />
            {sync.state === 'failed' && integrationsHref && sync.failure !== 'platformError' ? (
              <Link href={integrationsHref} className={reviewLink}>
                {t('sync.reviewIntegration')}
              </Link>
            ) : null}
          </div>
        ) : (
          <span />
        )}
        <Link href={campaignHref} className={button({ variant: 'outline', size: 'sm' })}>
          {t('card.createCampaign')}
        </Link>
      </div>
    </Card>
  );
}
