import { useTranslation } from 'react-i18next';
import { formatCount } from '../../shared/format';
import { Icon } from './icons';
import * as PaginationParts from './parts/pagination';

export interface PaginationProps {
  id: string;
  /** Total number of rows. */
  count: number;
  pageSize: number;
  /** Current page, from 1. */
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * "Página X de Y" with previous, next and the pages around the current one. On a phone only the words
 * and the two arrows, which always fit (recipes/pagination.ts).
 */
export function Pagination({ id, count, pageSize, page, onPageChange }: PaginationProps) {
  const { t } = useTranslation('common');
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <PaginationParts.Root
      id={id}
      count={count}
      pageSize={pageSize}
      page={page}
      siblingCount={1}
      onPageChange={(details) => onPageChange(details.page)}
      translations={{
        rootLabel: t('ui.pagination.label'),
        prevTriggerLabel: t('ui.pagination.previous'),
        nextTriggerLabel: t('ui.pagination.next'),
        itemLabel: (details) => t('ui.pagination.page', { page: details.page }),
      }}
    >
      <PaginationParts.Status aria-live="polite">
        {t('ui.pagination.pageOf', { page: formatCount(page), total: formatCount(totalPages) })}
      </PaginationParts.Status>
      <PaginationParts.PrevTrigger>
        <Icon name="chevronLeft" />
      </PaginationParts.PrevTrigger>
      <PaginationParts.Context>
        {(api) =>
          api.pages.map((item, index) =>
            item.type === 'page' ? (
              <PaginationParts.Item key={`page-${item.value}`} {...item}>
                {item.value}
              </PaginationParts.Item>
            ) : (
              <PaginationParts.Ellipsis key={`ellipsis-${index}`} index={index}>
                &#8230;
              </PaginationParts.Ellipsis>
            ),
          )
        }
      </PaginationParts.Context>
      <PaginationParts.NextTrigger>
        <Icon name="chevronRight" />
      </PaginationParts.NextTrigger>
    </PaginationParts.Root>
  );
}
