import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { Loadable } from '../../../api/loadable';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonGroup } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { useSegmentTexts } from './segment-texts';
import { type SegmentAction, SegmentCard, type SegmentListItem } from './segments-list-card';
import { CreateTypeDialog, type SegmentFormType } from './segments-list-dialogs';

export type { SegmentAction, SegmentListItem, SegmentSyncView } from './segments-list-card';
export type { SegmentFormType } from './segments-list-dialogs';

export type SegmentsTab = 'default' | 'custom';

export const SEGMENTS_TABS: readonly SegmentsTab[] = ['default', 'custom'];

export interface SegmentsListScreenProps {
  segments: Loadable<readonly SegmentListItem[]>;
  onRetry: () => void;
  tab: SegmentsTab;
  onTabChange: (tab: SegmentsTab) => void;
  /** Whether Klaviyo is connected; undefined while unknown (no toggle, no note). */
  klaviyoConnected: boolean | undefined;
  /** False for collaborators: the toggles show, disabled. */
  canChangeSync: boolean;
  /** Where Klaviyo is connected; absent for roles that cannot open integrations. */
  integrationsHref?: string | undefined;
  /** Segments whose sync change is being saved. */
  syncPending: readonly number[];
  onSyncChange: (segment: SegmentListItem, enabled: boolean) => void;
  /** Segments whose XLSX is downloading. */
  downloading: readonly number[];
  onAction: (segment: SegmentListItem, action: SegmentAction) => void;
  detailHref: (segmentId: number) => string;
  campaignHref: (segmentId: number) => string;
  createTypeOpen: boolean;
  onCreateTypeOpenChange: (open: boolean) => void;
  createHrefs: Record<SegmentFormType, string>;
  /** The custom segment whose deletion is being confirmed. */
  deleteTarget: SegmentListItem | null;
  deleting: boolean;
  onDeleteCancel: () => void;
  onDeleteConfirm: () => void;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
}

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' });
const list = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
  listStyle: 'none',
  p: '0',
  m: '0',
  pt: '4',
});
const notes = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const loadingList = css({ display: 'grid', gap: '4', pt: '4' });

/** SPEC §2 segments list: default and custom tabs, each segment's size, build, Klaviyo sync and actions. */
export function SegmentsListScreen(props: SegmentsListScreenProps) {
  const { t } = useTranslation('segments');
  const { nameOf } = useSegmentTexts();
  const { segments, tab, klaviyoConnected, canChangeSync, integrationsHref, linkComponent = PlainLink } = props;
  const all = segments.status === 'success' ? segments.data : [];
  const ofTab = (value: SegmentsTab) => all.filter((segment) => (value === 'default') === (segment.key !== null));
  const openCreate = () => props.onCreateTypeOpenChange(true);

  const tabContent = (value: SegmentsTab) => {
    const shown = ofTab(value);
    if (shown.length === 0)
      return (
        <EmptyState
          title={t('customEmpty.title')}
          description={t('customEmpty.description')}
          action={<Button onClick={openCreate}>{t('customEmpty.action')}</Button>}
        />
      );
    return (
      <ul className={list}>
        {shown.map((segment) => (
          <li key={segment.id}>
            <SegmentCard
              segment={segment}
              detailHref={props.detailHref(segment.id)}
              campaignHref={props.campaignHref(segment.id)}
              syncOffered={klaviyoConnected === true}
              canChangeSync={canChangeSync}
              syncPending={props.syncPending.includes(segment.id)}
              onSyncChange={(enabled) => props.onSyncChange(segment, enabled)}
              integrationsHref={integrationsHref}
              downloading={props.downloading.includes(segment.id)}
              onAction={(action) => props.onAction(segment, action)}
              linkComponent={linkComponent}
            />
          </li>
        ))}
      </ul>
    );
  };
  const body = (value: SegmentsTab) => (
    <LoadableView
      loadable={segments}
      loading={<SkeletonGroup className={loadingList} items={[{ shape: 'block' }, { shape: 'block' }]} />}
      onRetry={props.onRetry}
    >
      {() => tabContent(value)}
    </LoadableView>
  );

  return (
    <div className={page}>
      <PageHeader title={t('title')} description={t('subtitle')} actions={<Button onClick={openCreate}>{t('create')}</Button>} />
      {klaviyoConnected === false || (klaviyoConnected && !canChangeSync) ? (
        <div className={notes}>
          {klaviyoConnected === false ? (
            <Banner
              tone="info"
              message={integrationsHref ? t('sync.notConnected') : t('sync.notConnectedColaborator')}
              action={integrationsHref ? { href: integrationsHref, label: t('sync.connect') } : undefined}
              linkComponent={linkComponent}
            />
          ) : (
            <Banner tone="info" message={t('sync.colaborator')} />
          )}
        </div>
      ) : null}
      <Tabs
        id="segments-tabs"
        label={t('tabs.label')}
        value={tab}
        onValueChange={(value) => props.onTabChange(value as SegmentsTab)}
        items={SEGMENTS_TABS.map((value) => ({
          value,
          label:
            segments.status === 'success'
              ? t('tabs.withCount', { label: t(`tabs.${value}`), count: ofTab(value).length })
              : t(`tabs.${value}`),
          content: value === tab ? body(value) : null,
        }))}
      />
      <CreateTypeDialog
        open={props.createTypeOpen}
        onOpenChange={props.onCreateTypeOpenChange}
        createHrefs={props.createHrefs}
        linkComponent={linkComponent}
      />
      {/* The confirmation before a custom segment and its data are deleted for good. */}
      <ConfirmDialog
        id="segment-delete"
        open={props.deleteTarget !== null}
        texts={t('delete', { returnObjects: true, name: props.deleteTarget ? nameOf(props.deleteTarget) : '' })}
        pending={props.deleting}
        onCancel={props.onDeleteCancel}
        onConfirm={props.onDeleteConfirm}
      />
    </div>
  );
}
