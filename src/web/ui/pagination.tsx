import { Pagination as ArkPagination } from '@ark-ui/react/pagination';
import { useTranslation } from 'react-i18next';
import { pagination } from 'styled-system/recipes';
import { Icon } from './icons';

export interface PaginationProps {
  id: string;
  /** Total number of rows. */
  count: number;
  pageSize: number;
  /** Current page, from 1. */
  page: number;
  onPageChange: (page: number) => void;
}

/** "Página X de Y" with previous, next and the pages around the current one. */
export function Pagination({ id, count, pageSize, page, onPageChange }: PaginationProps) {
  const { t } = useTranslation('common');
  const classes = pagination();
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <ArkPagination.Root
      id={id}
      className={classes.root}
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
      <span className={classes.status} aria-live="polite">
        {t('ui.pagination.pageOf', { page, count: totalPages })}
      </span>
      <ArkPagination.PrevTrigger className={classes.prevTrigger}>
        <Icon name="chevronLeft" />
      </ArkPagination.PrevTrigger>
      <ArkPagination.Context>
        {(api) =>
          api.pages.map((item, index) =>
            item.type === 'page' ? (
              <ArkPagination.Item key={`page-${item.value}`} {...item} className={classes.item}>
                {item.value}
              </ArkPagination.Item>
            ) : (
              <ArkPagination.Ellipsis key={`ellipsis-${index}`} index={index} className={classes.ellipsis}>
                &#8230;
              </ArkPagination.Ellipsis>
            ),
          )
        }
      </ArkPagination.Context>
      <ArkPagination.NextTrigger className={classes.nextTrigger}>
        <Icon name="chevronRight" />
      </ArkPagination.NextTrigger>
    </ArkPagination.Root>
  );
}
