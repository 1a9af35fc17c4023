import { fn } from 'storybook/test';
import { customSegments, segmentCustomersPage, segmentStatsFixture } from '../../mocks/fixtures/segments';
import type { SegmentDetailScreenProps } from '../../src/web/features/segments/screens/segment-detail-screen';

/** The VIP segment, built: its figures and the first page of its members. */
export const vip = customSegments[1]!;

export const segmentDetailArgs: SegmentDetailScreenProps = {
  segment: { status: 'success', data: vip },
  onRetry: fn(),
  stats: { status: 'success', data: segmentStatsFixture(vip) },
  onStatsRetry: fn(),
  customers: {
    customers: { status: 'success', data: segmentCustomersPage(vip) },
    onRetry: fn(),
    page: 1,
    pageSize: 10,
    onPageChange: fn(),
    order: { sort: 'totalSpent', order: 'desc' },
    onOrderChange: fn(),
    search: '',
    onSearchChange: fn(),
  },
  downloading: false,
  onDownload: fn(),
  listHref: '/segments',
  editHref: `/segments/${vip.id}/edit`,
  campaignHref: `/campaigns/create?segmentId=${vip.id}`,
};
