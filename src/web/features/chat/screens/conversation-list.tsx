import { useTranslation } from 'react-i18next';
import { css, cx } from 'styled-system/css';
import type { components, operations } from '../../../../shared/api/app.gen';
import { formatDateTime } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { TextInput } from '../../../ui/field';
import { LoadableView } from '../../../ui/loadable-view';
import { SegmentedControl } from '../../../ui/segmented-control';
import { Select } from '../../../ui/select';
import { SkeletonGroup } from '../../../ui/skeleton';

type Conversation = components['schemas']['Conversation'];

/** The inbox's filter (SPEC §2 Chat): every conversation, unread, read, answered. */
export type ConversationFilter = NonNullable<NonNullable<operations['listConversations']['parameters']['query']>['filter']>;
export const CONVERSATION_FILTERS: readonly ConversationFilter[] = ['all', 'unread', 'read', 'answered'];

export interface ConversationListProps {
  /** The conversations read so far (every page), and whether there are more. */
  conversations: Loadable<{ conversations: readonly Conversation[]; hasMore: boolean }>;
  onRetry: () => void;
  filter: ConversationFilter;
  onFilterChange: (filter: ConversationFilter) => void;
  /** The store's WhatsApp campaigns to filter by; `campaignId` null: every conversation. */
  campaigns: readonly { id: number; name: string }[];
  campaignId: number | null;
  onCampaignChange: (campaignId: number | null) => void;
  /** What the merchant typed (the container debounces what it asks). */
  search: string;
  onSearchChange: (search: string) => void;
  /** The search the list on screen answers: an empty list with one says "no result". */
  searched: string;
  loadingMore: boolean;
  onLoadMore: () => void;
  openId: number | null;
  onOpen: (conversationId: number) => void;
  timeZone?: string | undefined;
}

const ALL_CAMPAIGNS = 'all';

const root = css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0', minH: '0' });
const controls = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const filterRow = css({ overflowX: 'auto', maxW: 'full' });
const items = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '1' });
const item = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '1',
  w: 'full',
  textAlign: 'start',
  px: '3',
  py: '2.5',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'transparent',
  bg: 'transparent',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
});
const itemOpen = css({ bg: 'accent.subtle', borderColor: 'accent.muted', _hover: { bg: 'accent.subtle' } });
const name = css({ fontWeight: 'semibold', fontSize: 'sm', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const nameUnread = css({ fontWeight: 'bold' });
const time = css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' });
const preview = css({ fontSize: 'sm', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const flags = css({ display: 'flex', gap: '1', alignItems: 'center', justifyContent: 'flex-end' });
const count = css({
  minW: '5',
  h: '5',
  px: '1.5',
  borderRadius: 'full',
  bg: 'accent.default',
  color: 'accent.fg',
  fontSize: 'xs',
  fontWeight: 'semibold',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});
const more = css({ alignSelf: 'center' });

/** SPEC §2 Chat: the inbox, with its filters (including by campaign), search, and pages. */
export function ConversationList({
  conversations,
  onRetry,
  filter,
  onFilterChange,
  campaigns,
  campaignId,
  onCampaignChange,
  search,
  onSearchChange,
  searched,
  loadingMore,
  onLoadMore,
  openId,
  onOpen,
  timeZone,
}: ConversationListProps) {
  const { t } = useTranslation('chat');
  const filtered = filter !== 'all' || campaignId !== null;
  return (
    <section className={root} aria-label={t('list.label')}>
      <div className={controls}>
        <TextInput
          type="search"
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          maxLength={80}
          onChange={(event) => onSearchChange(event.target.value)}
        />
        <div className={filterRow}>
          <SegmentedControl
            label={t('list.filterLabel')}
            options={CONVERSATION_FILTERS.map((value) => ({ value, label: t(`list.filter.${value}`) }))}
            value={filter}
            onValueChange={onFilterChange}
          />
        </div>
        <Select
          label={t('list.campaign')}
          options={[
            { value: ALL_CAMPAIGNS, label: t('list.allCampaigns') },
            ...campaigns.map((campaign) => ({ value: String(campaign.id), label: campaign.name })),
          ]}
          value={campaignId === null ? ALL_CAMPAIGNS : String(campaignId)}
          onValueChange={(value) => onCampaignChange(value === null || value === ALL_CAMPAIGNS ? null : Number(value))}
        />
      </div>
      <LoadableView
        loadable={conversations}
        onRetry={onRetry}
        loading={<SkeletonGroup className={items} items={[{ lines: 2 }, { lines: 2 }, { lines: 2 }, { lines: 2 }]} />}
      >
        {({ conversations: list, hasMore }) =>
          list.length === 0 ? (
            searched !== '' ? (
              <EmptyState title={t('list.noResults', { q: searched })} description={t('list.noResultsDescription')} />
            ) : (
              <EmptyState
                title={t(`list.empty.${filter}`)}
                description={filtered ? t('list.empty.filtered') : t('list.empty.allDescription')}
              />
            )
          ) : (
            <>
              <ul className={items}>
                {list.map((conversation) => {
                  const unread = conversation.unreadCount > 0;
                  const who = conversation.name ?? conversation.phone ?? t('list.noName');
                  const last =
                    conversation.lastMessage.direction === 'outbound'
                      ? t('list.you', { preview: conversation.lastMessage.preview })
                      : conversation.lastMessage.preview;
                  return (
                    <li key={conversation.id}>
                      <button
                        type="button"
                        className={cx(item, conversation.id === openId && itemOpen)}
                        aria-current={conversation.id === openId ? 'true' : undefined}
                        onClick={() => onOpen(conversation.id)}
                      >
                        <span className={cx(name, unread && nameUnread)}>{who}</span>
                        <time className={time} dateTime={conversation.lastMessage.at}>
                          {formatDateTime(conversation.lastMessage.at, timeZone)}
                        </time>
                        <span className={preview}>{last}</span>
                        <span className={flags}>
                          {conversation.optedOut ? <Badge tone="warning">{t('list.optedOut')}</Badge> : null}
                          {conversation.answered ? <Badge tone="neutral">{t('list.answered')}</Badge> : null}
                          {unread ? (
                            <span className={count} role="img" aria-label={t('list.unread', { count: conversation.unreadCount })}>
                              {conversation.unreadCount}
                            </span>
                          ) : null}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              {hasMore ? (
                <Button variant="outline" size="sm" className={more} loading={loadingMore} onClick={onLoadMore}>
                  {t('list.loadMore')}
                </Button>
              ) : null}
            </>
          )
        }
      </LoadableView>
    </section>
  );
}
