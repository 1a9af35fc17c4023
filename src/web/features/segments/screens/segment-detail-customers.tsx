import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components, operations } from '../../../../shared/api/backend.gen';
import { EMPTY_VALUE, formatClp, formatCount, formatDate } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { DataTable, type DataTableColumn, type DataTableSort } from '../../../ui/data-table';
import { TextInput } from '../../../ui/field';

type SegmentCustomersPage = components['schemas']['SegmentCustomersPage'];
type SegmentCustomerRow = components['schemas']['SegmentCustomerRow'];
export type SegmentCustomersSort = NonNullable<NonNullable<operations['getSegmentCustomers']['parameters']['query']>['sort']>;

/** The table's order: a column and a direction. */
export interface SegmentCustomersOrder {
  sort: SegmentCustomersSort;
  order: 'asc' | 'desc';
}

export interface SegmentCustomersProps {
  /** The segment's name, for the table's caption. */
  name: string;
  customers: Loadable<SegmentCustomersPage>;
  onRetry: () => void;
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  order: SegmentCustomersOrder;
  /** A column clicked: the server sorts and the table goes back to its first page. */
  onOrderChange: (order: SegmentCustomersOrder) => void;
  /** The search applied (trimmed); empty for none. */
  search: string;
  onSearchChange: (search: string) => void;
}

const SEARCH_MAX = 100;

const toolbar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '2' });
const searchBox = css({ flexGrow: '1', maxWidth: 'sm', minWidth: '0' });
const nameCell = css({ fontWeight: 'medium', whiteSpace: 'nowrap' });
const muted = css({ color: 'fg.muted' });
const nowrap = css({ whiteSpace: 'nowrap' });

/** A newly clicked column starts from its natural direction: names from A, figures and dates from the largest. */
function nextOrder(current: SegmentCustomersOrder, clicked: DataTableSort): SegmentCustomersOrder {
  const sort = clicked.key as SegmentCustomersSort;
  if (sort !== current.sort) return { sort, order: sort === 'name' || sort === 'email' ? 'asc' : 'desc' };
  return { sort, order: clicked.direction === 'ascending' ? 'asc' : 'desc' };
}

/** The segment's members: searched by name, email or phone, sorted by a column, page by page. */
export function SegmentCustomers({
  name,
  customers,
  onRetry,
  page,
  pageSize,
  onPageChange,
  order,
  onOrderChange,
  search,
  onSearchChange,
}: SegmentCustomersProps) {
  const { t } = useTranslation('segments');
  const data = customers.status === 'success' ? customers.data : null;
  const dash = <span className={muted}>{EMPTY_VALUE}</span>;
  const columns: DataTableColumn<SegmentCustomerRow>[] = [
    {
      key: 'name',
      sortable: true,
      header: t('detail.table.name'),
      cell: (row) => <span className={nameCell}>{row.name || <span className={muted}>{t('detail.table.noName')}</span>}</span>,
    },
    { key: 'email', sortable: true, header: t('detail.table.email'), cell: (row) => row.email ?? dash },
    { key: 'phone', header: t('detail.table.phone'), cell: (row) => (row.phone ? <span className={nowrap}>{row.phone}</span> : dash) },
    {
      key: 'consent',
      header: t('detail.table.consent'),
      cell: (row) => (
        <Badge tone={row.emailConsent ? 'success' : 'neutral'}>
          {row.emailConsent ? t('detail.table.consentYes') : t('detail.table.consentNo')}
        </Badge>
      ),
    },
    { key: 'orders', sortable: true, align: 'end', header: t('detail.table.orders'), cell: (row) => formatCount(row.orders) },
    { key: 'totalSpent', sortable: true, align: 'end', header: t('detail.table.totalSpent'), cell: (row) => formatClp(row.totalSpent) },
    {
      key: 'lastOrderAt',
      sortable: true,
      align: 'end',
      header: t('detail.table.lastOrderAt'),
      cell: (row) => <span className={nowrap}>{formatDate(row.lastOrderAt)}</span>,
    },
  ];

  return (
    <>
      <form
        role="search"
        className={toolbar}
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('q');
          onSearchChange(typeof value === 'string' ? value.trim() : '');
        }}
      >
        <div className={searchBox}>
          {/* Keyed by the search applied, so a search cleared from the empty state empties the box too. */}
          <TextInput
            key={search}
            type="search"
            name="q"
            label={t('detail.table.search')}
            defaultValue={search}
            maxLength={SEARCH_MAX}
            autoComplete="off"
          />
        </div>
        <Button type="submit" variant="outline">
          {t('detail.table.searchSubmit')}
        </Button>
      </form>
      <DataTable
        caption={t('detail.table.caption', { name })}
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={(row) => String(row.customerId)}
        status={customers.status === 'success' ? 'ready' : customers.status}
        errorCause={customers.status === 'error' ? customers.cause : undefined}
        onRetry={onRetry}
        loadingRows={pageSize}
        sort={{ key: order.sort, direction: order.order === 'asc' ? 'ascending' : 'descending' }}
        onSortChange={(clicked) => onOrderChange(nextOrder(order, clicked))}
        empty={{
          title: t('detail.table.noResultsTitle', { search }),
          description: t('detail.table.noResultsDescription'),
          action: (
            <Button variant="outline" onClick={() => onSearchChange('')}>
              {t('detail.table.clearSearch')}
            </Button>
          ),
        }}
        pagination={data ? { count: data.totalRows, pageSize, page, onPageChange } : undefined}
      />
    </>
  );
}
