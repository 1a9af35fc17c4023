import { type FormEvent, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import type { Loadable } from '../../../api/loadable';
import { Banner } from '../../../ui/banner';
import { Button, IconButton } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Textarea } from '../../../ui/field';
import { Icon } from '../../../ui/icons';
import { LoadableView } from '../../../ui/loadable-view';
import { SkeletonGroup } from '../../../ui/skeleton';
import { type ChatWindow, isNearBottom, onNewerMessages } from './chat-rules';
import { MessageBubble } from './message-bubble';
import { TemplateComposer, type TemplateComposerProps } from './template-composer';

type Conversation = components['schemas']['Conversation'];
type ConversationMessage = components['schemas']['ConversationMessage'];

export interface ConversationPaneProps {
  conversation: Loadable<Conversation | null>;
  onRetry: () => void;
  /** Oldest first; the store's sends not answered yet at the end. */
  messages: Loadable<readonly ConversationMessage[]>;
  onRetryMessages: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** What WhatsApp's 24-hour window allows now. */
  window: ChatWindow;
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: () => void;
  /** Once the window is closed: the approved templates, the one being filled, and its send. */
  templates: Omit<TemplateComposerProps, 'neverWrote' | 'optedOut'>;
  /** Newer messages that arrived while the merchant read older ones: the pill's count. */
  unseenCount: number;
  /** Newer messages arrived below what the merchant is reading. */
  onUnseen: (count: number) => void;
  /** The merchant reached the newest messages (scrolled down, or the pill). */
  onSeenAll: () => void;
  /** Back to the list (phones, where the list and the conversation are one column). */
  onBack: () => void;
  timeZone?: string | undefined;
}

const root = css({ display: 'flex', flexDirection: 'column', minW: '0', gap: '3' });
const header = css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0' });
const back = css({ display: { base: 'inline-flex', lg: 'none' } });
const who = css({ display: 'flex', flexDirection: 'column', minW: '0' });
const title = css({ textStyle: 'sectionTitle', color: 'fg.default', m: '0', overflow: 'hidden', textOverflow: 'ellipsis' });
const phone = css({ fontSize: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' });
const scrollArea = css({ position: 'relative', display: 'flex', flexDirection: 'column' });
const list = css({
  // Positioned, so what is hidden for sighted readers (sr-only) stays inside the scrolling area.
  position: 'relative',
  h: { base: 'md', lg: 'lg' },
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  borderRadius: 'lg',
  bg: 'chat.canvas',
});
const older = css({ alignSelf: 'center' });
const pillRow = css({ position: 'absolute', insetX: '0', bottom: '3', display: 'flex', justifyContent: 'center', pointerEvents: 'none' });
const pill = css({ pointerEvents: 'auto', boxShadow: 'md' });
const composer = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const composerRow = css({ display: 'flex', gap: '2', alignItems: 'flex-end', '& > :first-child': { flex: '1' } });
const windowNote = css({ fontSize: 'sm', color: 'fg.muted', m: '0' });
const empty = css({ m: 'auto', color: 'fg.muted', fontSize: 'sm' });

/** "23 horas y 5 minutos": what is left of the window, in words. */
function useTimeLeft(window: ChatWindow): string {
  const { t } = useTranslation('chat');
  if (!window.open) return '';
  const hours = t('composer.hours', { count: window.hours });
  const minutes = t('composer.minutes', { count: window.minutes });
  if (window.hours === 0) return minutes;
  if (window.minutes === 0) return hours;
  return t('composer.hoursAndMinutes', { hours, minutes });
}

interface MessageListProps
  extends Pick<ConversationPaneProps, 'hasOlder' | 'loadingOlder' | 'onLoadOlder' | 'unseenCount' | 'onUnseen' | 'onSeenAll' | 'timeZone'> {
  messages: readonly ConversationMessage[];
  label: string;
}

/**
 * The messages, oldest at top. It opens on the newest; newer ones that arrive are followed when the merchant was
 * reading the newest or sent one (`onNewerMessages`), else counted on a pill. Older pages join above without
 * moving what is on screen (the browser's scroll anchoring).
 */
function MessageList({
  messages,
  label,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  unseenCount,
  onUnseen,
  onSeenAll,
  timeZone,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const ref = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const newest = useRef<ConversationMessage | undefined>(undefined);
  const toBottom = () => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
  };

  useLayoutEffect(() => {
    const last = messages.at(-1);
    const before = newest.current;
    newest.current = last;
    if (!last || last.id === before?.id) return;
    const index = before ? messages.findIndex((message) => message.id === before.id) : -1;
    // The first messages of the conversation, or the old newest one went (an optimistic send replaced): follow.
    if (before === undefined || index === -1) return toBottom();
    const added = messages.slice(index + 1);
    const ownSend = added.some((message) => message.direction === 'outbound');
    if (onNewerMessages({ nearBottom: nearBottom.current, ownSend }) === 'follow') toBottom();
    else onUnseen(added.filter((message) => message.direction === 'inbound').length);
  }, [messages, onUnseen]);

  return (
    <div className={scrollArea}>
      <div
        ref={ref}
        className={list}
        role="log"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        onScroll={(event) => {
          nearBottom.current = isNearBottom(event.currentTarget);
          if (nearBottom.current && unseenCount > 0) onSeenAll();
        }}
      >
        {hasOlder ? (
          <Button variant="ghost" size="sm" className={older} loading={loadingOlder} onClick={onLoadOlder}>
            {t('pane.loadOlder')}
          </Button>
        ) : null}
        {messages.length === 0 ? <p className={empty}>{t('pane.noMessages')}</p> : null}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} timeZone={timeZone} />
        ))}
      </div>
      {unseenCount > 0 ? (
        <div className={pillRow}>
          <Button
            size="sm"
            className={pill}
            onClick={() => {
              toBottom();
              onSeenAll();
            }}
          >
            <Icon name="chevronDown" />
            {t('pane.newMessages', { count: unseenCount })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** SPEC §2 Chat: one conversation, its messages and the composer, within WhatsApp's 24-hour window. */
export function ConversationPane({
  conversation,
  onRetry,
  messages,
  onRetryMessages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  window,
  draft,
  onDraftChange,
  onSend,
  templates,
  unseenCount,
  onUnseen,
  onSeenAll,
  onBack,
  timeZone,
}: ConversationPaneProps) {
  const { t } = useTranslation('chat');
  const timeLeft = useTimeLeft(window);
  const send = () => {
    if (draft.trim() !== '') onSend();
  };
  return (
    <section className={root} aria-label={t('pane.label')}>
      <LoadableView loadable={conversation} onRetry={onRetry} loading={<SkeletonGroup items={[{ lines: 2 }, { shape: 'block' }]} />}>
        {(open) =>
          open === null ? (
            <EmptyState title={t('pane.notFound')} />
          ) : (
            <>
              <div className={header}>
                <IconButton className={back} aria-label={t('pane.back')} onClick={onBack}>
                  <Icon name="chevronLeft" />
                </IconButton>
                <div className={who}>
                  <h2 className={title}>{open.name ?? open.phone ?? t('list.noName')}</h2>
                  <span className={phone}>{open.phone ? t('pane.phone', { phone: open.phone }) : t('pane.noPhone')}</span>
                </div>
              </div>
              {open.optedOut ? <Banner tone="warning" message={t('pane.optedOut')} /> : null}
              <LoadableView
                loadable={messages}
                onRetry={onRetryMessages}
                loading={<SkeletonGroup className={list} items={[{ lines: 2 }, { lines: 1 }, { lines: 3 }]} />}
              >
                {(loaded) => (
                  <MessageList
                    messages={loaded}
                    label={t('pane.messagesLabel', { name: open.name ?? open.phone ?? t('list.noName') })}
                    hasOlder={hasOlder}
                    loadingOlder={loadingOlder}
                    onLoadOlder={onLoadOlder}
                    unseenCount={unseenCount}
                    onUnseen={onUnseen}
                    onSeenAll={onSeenAll}
                    timeZone={timeZone}
                  />
                )}
              </LoadableView>
              {window.open ? (
                <form
                  className={composer}
                  onSubmit={(event: FormEvent) => {
                    event.preventDefault();
                    send();
                  }}
                >
                  <div className={composerRow}>
                    <Textarea
                      label={t('composer.label')}
                      placeholder={t('composer.placeholder')}
                      value={draft}
                      rows={2}
                      maxLength={4096}
                      onChange={(event) => onDraftChange(event.target.value)}
                      onKeyDown={(event) => {
                        // Enter sends, as in WhatsApp; Shift+Enter starts a new line.
                        if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                          event.preventDefault();
                          send();
                        }
                      }}
                    />
                    <Button type="submit" disabled={draft.trim() === ''}>
                      {t('composer.send')}
                    </Button>
                  </div>
                  <p className={windowNote}>{t('composer.windowOpen', { time: timeLeft })}</p>
                </form>
              ) : (
                <TemplateComposer {...templates} neverWrote={window.neverWrote} optedOut={open.optedOut} />
              )}
            </>
          )
        }
      </LoadableView>
    </section>
  );
}
