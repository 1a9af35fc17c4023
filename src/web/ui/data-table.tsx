import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dataTable } from 'styled-system/recipes';
import { EmptyState, LoadErrorState } from './empty-state';
import { Pagination, type PaginationProps } from './pagination';
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
  sort?: DataTableSort | undefined;
  onSortChange?: (sort: DataTableSort) => void;
  pagination?: DataTablePagination | undefined;
  /** Title and text of the empty state; the generic ones when absent. */
  empty?: { title: string; description?: string } | undefined;
  onRetry?: () => void;
  /** Placeholder rows while loading. */
  loadingRows?: number;
}

function SortIcon({ direction, className }: { direction: DataTableSort['direction'] | undefined; className: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M5 6l3-3 3 3" opacity={direction === 'descending' ? 0.3 : 1} />
      <path d="M5 10l3 3 3-3" opacity={direction === 'ascending' ? 0.3 : 1} />
    </svg>
  );
}

/** A table with sortable headers, its loading, empty and error states, and page by page navigation. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  status = 'ready',
  sort,
  onSortChange,
  pagination,
  empty,
  onRetry,
  loadingRows = 5,
}: DataTableProps<Row>) {
  const { t } = useTranslation('common');
  const classes = dataTable();
  const paginationId = useId();
  const loading = status === 'loading';
  const stateRow = (content: ReactNode) => (
    <tr>
      <td className={classes.state} colSpan={columns.length}>
        {content}
      </td>
    </tr>
  );

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: loadingRows }, (_, index) => (
      <tr key={index} className={classes.row}>
        {columns.map((column) => (
          <td key={column.key} className={classes.cell}>
            <Skeleton shape="text" />
          </td>
        ))}
      </tr>
    ));
  } else if (status === 'error') {
    body = stateRow(<LoadErrorState onRetry={onRetry} />);
  } else if (rows.length === 0) {
    body = stateRow(
      <EmptyState title={empty?.title ?? t('ui.table.emptyTitle')} description={empty?.description ?? t('ui.table.emptyDescription')} />,
    );
  } else {
    body = rows.map((row) => (
      <tr key={rowKey(row)} className={classes.row}>
        {columns.map((column) => (
          <td key={column.key} className={classes.cell} data-align={column.align ?? 'start'}>
            {column.cell(row)}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className={classes.root}>
      {/* Wide tables scroll sideways; focusable so a keyboard can scroll them too. */}
      <div className={classes.scroller} tabIndex={0} role="region" aria-label={caption}>
        <table className={classes.table} aria-busy={loading}>
          <caption className={classes.caption}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={classes.headerCell}
                    data-align={column.align ?? 'start'}
                    aria-sort={column.sortable ? (direction ?? 'none') : undefined}
                  >
                    {column.sortable && onSortChange ? (
                      <button
                        type="button"
                        className={classes.sortButton}
                        data-sorted={direction ? '' : undefined}
                        onClick={() => onSortChange({ key: column.key, direction: direction === 'ascending' ? 'descending' : 'ascending' })}
                      >
                        {column.header}
                        <SortIcon direction={direction} className={classes.sortIcon} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {pagination && pagination.count > pagination.pageSize && status === 'ready' ? (
        <div className={classes.footer}>
          <Pagination id={paginationId} {...pagination} />
        </div>
      ) : null}
    </div>
  );
}
