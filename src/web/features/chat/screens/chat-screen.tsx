import { useTranslation } from 'react-i18next';
import { css, cx } from 'styled-system/css';
import { EmptyState } from '../../../ui/empty-state';
import { PageHeader } from '../../../ui/page-header';
import { ConversationList, type ConversationListProps } from './conversation-list';
import { ConversationPane, type ConversationPaneProps } from './conversation-pane';

export interface ChatScreenProps {
  list: ConversationListProps;
  /** The open conversation; null when none is. */
  pane: ConversationPaneProps | null;
}

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', minW: '0' });
const layout = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: '26rem minmax(0, 1fr)' },
  gap: '6',
  alignItems: 'start',
  minW: '0',
});
// On phones the list and the conversation are one column: the open conversation takes the page, back returns.
const hiddenOnPhone = css({ display: { base: 'none', lg: 'flex' } });
const column = css({ display: 'flex', flexDirection: 'column', minW: '0' });
const paneColumn = css({ lg: { position: 'sticky', top: '4' } });

/** /chat (SPEC §2 Chat): the inbox beside the open conversation; on phones, one after the other. */
export function ChatScreen({ list, pane }: ChatScreenProps) {
  const { t } = useTranslation('chat');
  return (
    <div className={page}>
      <PageHeader title={t('title')} description={t('description')} />
      <div className={layout}>
        <div className={cx(column, pane !== null && hiddenOnPhone)}>
          <ConversationList {...list} />
        </div>
        <div className={cx(column, paneColumn, pane === null && hiddenOnPhone)}>
          {pane ? <ConversationPane {...pane} /> : <EmptyState title={t('pane.none')} description={t('pane.noneDescription')} />}
        </div>
      </div>
    </div>
  );
}
