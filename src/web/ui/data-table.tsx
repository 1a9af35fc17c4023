import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailureCause } from '../api/errors';
import { EmptyState, LoadErrorState } from './empty-state';
import { Pagination, type PaginationProps } from './pagination';
import * as DataTableParts from './parts/data-table';
import { Skeleton } from './skeleton';
import { useScrollEdges } from './use-scroll-edges';

export interface DataTableColumn<Row> {
  key: string;
  /** Also labels each value on a phone, where the header row is not shown. */
  header: string;
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

/** A cell's content: nothing at all is left out of a row's block on a phone, label included. */
const isEmpty = (content: ReactNode) => content === null || content === undefined || content === false || content === '';

/**
 * A table with sortable headers, its loading, empty and error states, and page by page navigation.
 * On a phone each row reads as a block of labelled values (recipes/data-table.ts); the elements keep
 * their table roles explicitly, since some browsers drop them once a table stops displaying as one.
 */
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
  const [scrollerRef, edges] = useScrollEdges<HTMLDivElement>();
  const scrolls = edges.start || edges.end;
  const sortable = onSortChange !== undefined && columns.some((column) => column.sortable);
  const loading = status === 'loading';
  const stateRow = (content: ReactNode) => (
    <tr role="row">
      <DataTableParts.State role="cell" colSpan={columns.length}>
        {content}
      </DataTableParts.State>
    </tr>
  );
  // On a phone each value shows its column's name above it (`data-label`, drawn by the recipe): all but
  // the first column's, whose value heads the row, and an empty cell's, which is not shown.
  const cell = (column: DataTableColumn<Row>, index: number, content: ReactNode) => {
    const empty = isEmpty(content);
    return (
      <DataTableParts.Cell
        key={column.key}
        role="cell"
        data-align={column.align ?? 'start'}
        data-label={index > 0 && !empty ? column.header : undefined}
        data-empty={empty ? '' : undefined}
      >
        {content}
      </DataTableParts.Cell>
    );
  };

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: loadingRows }, (_, index) => (
      <DataTableParts.Row key={index} role="row">
        {columns.map((column, columnIndex) => cell(column, columnIndex, <Skeleton shape="text" />))}
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
      <DataTableParts.Row key={rowKey(row)} role="row">
        {columns.map((column, columnIndex) => cell(column, columnIndex, column.cell(row)))}
      </DataTableParts.Row>
    ));
  }

  return (
    <DataTableParts.Root>
      {/* A table wider than its place scrolls sideways, its hidden side faded; only then is it a named,
          focusable region, so a keyboard can scroll it too. */}
      <DataTableParts.Frame data-scroll-start={edges.start ? '' : undefined} data-scroll-end={edges.end ? '' : undefined}>
        <DataTableParts.Scroller ref={scrollerRef} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}>
          <DataTableParts.Table role="table" aria-busy={loading}>
            <DataTableParts.Caption>{caption}</DataTableParts.Caption>
            <DataTableParts.Head role="rowgroup" data-sortable={sortable ? '' : undefined}>
              <DataTableParts.HeaderRow role="row" data-sort-label={sortable ? t('ui.table.sortBy') : undefined}>
                {columns.map((column) => {
                  const direction = sort?.key === column.key ? sort.direction : undefined;
                  const button = column.sortable && onSortChange;
                  return (
                    <DataTableParts.HeaderCell
                      key={column.key}
                      role="columnheader"
                      scope="col"
                      data-align={column.align ?? 'start'}
                      data-sortable={button ? '' : undefined}
                      aria-sort={column.sortable ? (direction ?? 'none') : undefined}
                    >
                      {button ? (
                        <DataTableParts.SortButton
                          type="button"
                          data-sorted={direction ? '' : undefined}
                          onClick={() =>
                            onSortChange({ key: column.key, direction: direction === 'ascending' ? 'descending' : 'ascending' })
                          }
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
              </DataTableParts.HeaderRow>
            </DataTableParts.Head>
            <DataTableParts.Body role="rowgroup">{body}</DataTableParts.Body>
          </DataTableParts.Table>
        </DataTableParts.Scroller>
      </DataTableParts.Frame>
      {pagination && pagination.count > pagination.pageSize && status === 'ready' ? (
        <DataTableParts.Footer>
          <Pagination id={paginationId} {...pagination} />
        </DataTableParts.Footer>
      ) : null}
    </DataTableParts.Root>
  );
}
