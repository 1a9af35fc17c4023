import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions';
import { segmentFileName } from '../../../../shared/segment-names';
import { useCurrentStore } from '../../../api/current-store';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { campaignForSegmentPath, INTEGRATIONS_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { toaster } from '../../../ui/toaster';
import {
  type Segment,
  type SegmentSync,
  type SegmentsStats,
  useDeleteSegment,
  useDownloadSegmentXlsx,
  useSegmentSyncs,
  useSegments,
  useSegmentsStats,
  useSetSegmentSync,
} from '../api/segments';
import { useSegmentTexts } from '../screens/segment-texts';
import {
  SEGMENTS_TABS,
  type SegmentAction,
  type SegmentListItem,
  type SegmentSyncView,
  SegmentsListScreen,
  type SegmentsTab,
} from '../screens/segments-list-screen';
import { CREATE_SEGMENT_PATH, segmentDetailPath, segmentEditPath } from './paths';

const CREATE_HREFS = { simple: `${CREATE_SEGMENT_PATH}?type=simple`, advanced: `${CREATE_SEGMENT_PATH}?type=advanced` };
const TAB_PARAM = 'tab';

export { RouterLink };

/** The export's file name on the browser's day, for an answer that names none. */
export const exportFileName = (name: string) => segmentFileName(name, dayjs().format('YYYY-MM-DD'));

function syncView(sync: SegmentSync | undefined): SegmentSyncView {
  if (!sync?.enabled) return { state: 'off' };
  if (sync.state === 'failed') return { state: 'failed', failure: sync.failure ?? 'platformError' };
  if (sync.state === 'synced') return { state: 'synced', members: sync.members };
  return { state: 'syncing' };
}

/** The list's rows: each segment with its share of the store's customers and its sync. */
export function segmentListItems(
  segments: readonly Segment[],
  stats: SegmentsStats | undefined,
  syncs: readonly SegmentSync[],
): SegmentListItem[] {
  const total = stats?.totalCustomers ?? 0;
  return segments.map((segment) => ({
    id: segment.id,
    key: segment.key,
    name: segment.name,
    description: segment.description,
    status: segment.status,
    buildFailure: segment.buildFailure,
    customers: segment.customers,
    share: segment.customers !== null && total > 0 ? segment.customers / total : null,
    sync: syncView(syncs.find((sync) => sync.segmentId === segment.id)),
  }));
}

const without = (ids: readonly number[], id: number) => ids.filter((other) => other !== id);

export function SegmentsRoute() {
  const { t } = useTranslation('toasts');
  const { nameOf } = useSegmentTexts();
  const navigate = useNavigate();
  const { role, storeId } = useCurrentStore();
  const [search, setSearch] = useSearchParams();
  const tab: SegmentsTab = SEGMENTS_TABS.find((value) => value === search.get(TAB_PARAM)) ?? 'default';
  const segments = useSegments(storeId);
  const stats = useSegmentsStats(storeId);
  const syncs = useSegmentSyncs(storeId);
  const deletion = useDeleteSegment(storeId);
  const setSync = useSetSegmentSync(storeId);
  const download = useDownloadSegmentXlsx(storeId);
  const [createTypeOpen, setCreateTypeOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<SegmentListItem | null>(null);
  // Several toggles and downloads may be under way at once, each on its own segment.
  const [syncPending, setSyncPending] = useState<readonly number[]>([]);
  const [downloading, setDownloading] = useState<readonly number[]>([]);

  const loaded = loadableOf(segments);
  const items: Loadable<readonly SegmentListItem[]> =
    loaded.status === 'success'
      ? { status: 'success', data: segmentListItems(loaded.data.segments, stats.data, syncs.data?.syncs ?? []) }
      : loaded;

  const changeSync = (segment: SegmentListItem, enabled: boolean) => {
    setSyncPending((ids) => [...ids, segment.id]);
    setSync.mutate(
      { segmentId: segment.id, enabled },
      {
        onError: () =>
          toaster.show({ status: 'error', message: t(enabled ? 'segmentSyncFailed' : 'segmentUnsyncFailed', { name: nameOf(segment) }) }),
        onSettled: () => setSyncPending((ids) => without(ids, segment.id)),
      },
    );
  };

  const act = (segment: SegmentListItem, action: SegmentAction) => {
    if (action === 'edit') void navigate(segmentEditPath(segment.id));
    else if (action === 'delete') setDeleteTarget(segment);
    else {
      setDownloading((ids) => [...ids, segment.id]);
      download.mutate(
        { segmentId: segment.id, fileName: exportFileName(nameOf(segment)) },
        {
          onError: () => toaster.show({ status: 'error', message: t('segmentDownloadFailed') }),
          onSettled: () => setDownloading((ids) => without(ids, segment.id)),
        },
      );
    }
  };

  const confirmDelete = () => {
    if (!deleteTarget) return;
    const name = nameOf(deleteTarget);
    deletion.mutate(deleteTarget.id, {
      onSuccess: () => {
        setDeleteTarget(null);
        toaster.show({ status: 'success', message: t('segmentDeleted', { name }) });
      },
      onError: () => toaster.show({ status: 'error', message: t('segmentDeleteFailed') }),
    });
  };

  return (
    <SegmentsListScreen
      segments={items}
      onRetry={() => void segments.refetch()}
      tab={tab}
      onTabChange={(value) =>
        setSearch(
          (current) => {
            if (value === 'default') current.delete(TAB_PARAM);
            else current.set(TAB_PARAM, value);
            return current;
          },
          { replace: true },
        )
      }
      klaviyoConnected={syncs.data?.connected}
      canChangeSync={can(role, 'setSegmentSync')}
      // Integrations open to the roles that may connect Klaviyo there (SPEC §2: not collaborators).
      integrationsHref={can(role, 'connectEmailMarketing') ? INTEGRATIONS_PATH : undefined}
      syncPending={syncPending}
      onSyncChange={changeSync}
      downloading={downloading}
      onAction={act}
      detailHref={segmentDetailPath}
      campaignHref={campaignForSegmentPath}
      createTypeOpen={createTypeOpen}
      onCreateTypeOpenChange={setCreateTypeOpen}
      createHrefs={CREATE_HREFS}
      deleteTarget={deleteTarget}
      deleting={deletion.isPending}
      onDeleteCancel={() => setDeleteTarget(null)}
      onDeleteConfirm={confirmDelete}
      linkComponent={RouterLink}
    />
  );
}
