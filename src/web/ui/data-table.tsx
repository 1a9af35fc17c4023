import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailureCause } from '../api/errors';
import { EmptyState, LoadErrorState } from './empty-state';
import { Pagination, type PaginationProps } from './pagination';
import * as DataTableParts from './parts/data-table';
import { Skeleton } from './skeleton';

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Figures align to the end so their digits line up. */
  align?: 'start' | 'end';
}

export interface DataTableSort {
  key: string;
  direction: 'ascending' | 'descending';
}

export type DataTablePagination = Omit<PaginationProps, 'id'>;

export interface DataTableProps<Row> {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  status?: 'ready' | 'loading' | 'error';
  /** Why the load failed, when `status` is `error`. */
  errorCause?: FailureCause | undefined;
  sort?: DataTableSort | undefined;
  onSortChange?: (sort: DataTableSort) => void;
  pagination?: DataTablePagination | undefined;
  /** Title, text and ways out (clear a search…) of the empty state; the generic ones when absent. */
  empty?: { title: string; description?: string; action?: ReactNode; secondaryAction?: ReactNode } | undefined;
  onRetry?: () => void;
  /** Placeholder rows while loading. */
  loadingRows?: number;
}

function SortIcon({ direction }: { direction: DataTableSort['direction'] | undefined }) {
  return (
    <DataTableParts.SortIcon viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M5 6l3-3 3 3" opacity={direction === 'descending' ? 0.3 : 1} />
      <path d="M5 10l3 3 3-3" opacity={direction === 'ascending' ? 0.3 : 1} />
    </DataTableParts.SortIcon>
  );
}

/** A table with sortable headers, its loading, empty and error states, and page by page navigation. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  status = 'ready',
  errorCause,
  sort,
  onSortChange,
  pagination,
  empty,
  onRetry,
  loadingRows = 5,
}: DataTableProps<Row>) {
  const { t } = useTranslation('common');
  const paginationId = useId();
  const loading = status === 'loading';
  const stateRow = (content: ReactNode) => (
    <tr>
      <DataTableParts.State colSpan={columns.length}>{content}</DataTableParts.State>
    </tr>
  );

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: loadingRows }, (_, index) => (
      <DataTableParts.Row key={index}>
        {columns.map((column) => (
          <DataTableParts.Cell key={column.key}>
            <Skeleton shape="text" />
          </DataTableParts.Cell>
        ))}
      </DataTableParts.Row>
    ));
  } else if (status === 'error') {
    body = stateRow(<LoadErrorState onRetry={onRetry} cause={errorCause} />);
  } else if (rows.length === 0) {
    body = stateRow(
      <EmptyState
        title={empty?.title ?? t('ui.table.emptyTitle')}
        description={empty?.description ?? t('ui.table.emptyDescription')}
        action={empty?.action}
        secondaryAction={empty?.secondaryAction}
      />,
    );
  } else {
    body = rows.map((row) => (
      <DataTableParts.Row key={rowKey(row)}>
        {columns.map((column) => (
          <DataTableParts.Cell key={column.key} data-align={column.align ?? 'start'}>
            {column.cell(row)}
          </DataTableParts.Cell>
        ))}
      </DataTableParts.Row>
    ));
  }

  return (
    <DataTableParts.Root>
      {/* Wide tables scroll sideways; focusable so a keyboard can scroll them too. */}
      <DataTableParts.Scroller tabIndex={0} role="region" aria-label={caption}>
        <DataTableParts.Table aria-busy={loading}>
          <DataTableParts.Caption>{caption}</DataTableParts.Caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <DataTableParts.HeaderCell
                    key={column.key}
                    scope="col"
                    data-align={column.align ?? 'start'}
                    aria-sort={column.sortable ? (direction ?? 'none') : undefined}
                  >
                    {column.sortable && onSortChange ? (
                      <DataTableParts.SortButton
                        type="button"
                        data-sorted={direction ? '' : undefined}
                        onClick={() => onSortChange({ key: column.key, direction: direction === 'ascending' ? 'descending' : 'ascending' })}
                      >
                        {column.header}
                        <SortIcon direction={direction} />
                      </DataTableParts.SortButton>
                    ) : (
                      column.header
                    )}
                  </DataTableParts.HeaderCell>
                );
              })}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </DataTableParts.Table>
      </DataTableParts.Scroller>
      {pagination && pagination.count > pagination.pageSize && status === 'ready' ? (
        <DataTableParts.Footer>
          <Pagination id={paginationId} {...pagination} />
        </DataTableParts.Footer>
      ) : null}
    </DataTableParts.Root>
  );
}
