import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { ATTACHMENT_ACCEPT, type AttachmentKind, type AttachmentProblem } from '../../../../shared/chat-attachments';
import { fileSize, formatPhone } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Banner } from '../../../ui/banner';
import { Button, IconButton } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Textarea } from '../../../ui/field';
import { Icon } from '../../../ui/icons';
import { LoadableView } from '../../../ui/loadable-view';
import { SkeletonGroup } from '../../../ui/skeleton';
import { type ChatWindow, isNearBottom } from './chat-rules';
import { MessageBubble } from './message-bubble';
import { useMessageScroll } from './message-scroll';
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
  /** Sends the draft, or the attachment with the draft as its caption. */
  onSend: () => void;
  /** The file attached to the next send; null when none is. */
  attachment: { name: string; size: number; kind: AttachmentKind } | null;
  /** Why the file chosen cannot be sent (the browser's check, or the server's words); null when nothing is wrong. */
  attachmentProblem: AttachmentProblem | { problem: 'server'; message: string } | null;
  onAttach: (file: File) => void;
  onRemoveAttachment: () => void;
  /** A send on its way with a file (its upload, then WhatsApp). */
  sendingAttachment: boolean;
  /** Within the window: the store may react to the customer's messages (one picker open at a time); null otherwise. */
  reactions: {
    /** The message whose quick reactions are shown. */
    pickerFor: number | null;
    onPickerChange: (messageId: number | null) => void;
    onReact: (messageId: number, emoji: string) => void;
  } | null;
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
  /** The store's WhatsApp campaigns' names by id, for the messages they sent; a campaign not in it goes unnamed. */
  campaignNames?: Readonly<Record<number, string>>;
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
  // useMessageScroll keeps the place.
  overflowAnchor: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  borderRadius: 'lg',
  bg: 'chat.canvas',
  // A short conversation sits at the bottom, next to the composer, as chat apps show it; a long one scrolls.
  '& > :first-child': { mt: 'auto' },
});
const older = css({ alignSelf: 'center' });
const spacer = css({ flexShrink: '0' });
const pillRow = css({ position: 'absolute', insetX: '0', bottom: '3', display: 'flex', justifyContent: 'center', pointerEvents: 'none' });
const pill = css({ pointerEvents: 'auto', boxShadow: 'md' });
const composer = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const composerRow = css({ display: 'flex', gap: '2', alignItems: 'flex-end' });
const composerText = css({ flex: '1', minW: '0' });
const windowNote = css({ fontSize: 'sm', color: 'fg.muted', m: '0' });
const attached = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  alignSelf: 'flex-start',
  maxW: 'full',
  pl: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  fontSize: 'sm',
  '& > svg': { w: 'icon', h: 'icon', flexShrink: '0', color: 'fg.muted' },
});
const attachedName = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: '0' });
const problem = css({ fontSize: 'sm', color: 'danger.text', m: '0' });
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
  extends Pick<
    ConversationPaneProps,
    'hasOlder' | 'loadingOlder' | 'onLoadOlder' | 'unseenCount' | 'onUnseen' | 'onSeenAll' | 'timeZone' | 'campaignNames' | 'reactions'
  > {
  messages: readonly ConversationMessage[];
  label: string;
}

/**
 * The messages, oldest at top, and the pill that counts newer ones below the view; where the view stays and which
 * messages the page holds is `useMessageScroll`'s.
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
  campaignNames,
  reactions,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const ref = useRef<HTMLDivElement>(null);
  const shown = useMessageScroll(ref, messages, onUnseen);

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
          if (unseenCount > 0 && isNearBottom(event.currentTarget)) onSeenAll();
          shown.onScroll();
        }}
      >
        {hasOlder ? (
          <Button variant="ghost" size="sm" className={older} loading={loadingOlder} onClick={onLoadOlder}>
            {t('pane.loadOlder')}
          </Button>
        ) : null}
        {messages.length === 0 ? <p className={empty}>{t('pane.noMessages')}</p> : null}
        {shown.before > 0 ? <div className={spacer} style={{ height: shown.before }} data-message-spacer="" aria-hidden="true" /> : null}
        {messages.slice(shown.start, shown.end).map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            timeZone={timeZone}
            campaignName={message.campaignId === null ? undefined : campaignNames?.[message.campaignId]}
            reaction={
              reactions && message.direction === 'inbound' && message.id > 0
                ? {
                    open: reactions.pickerFor === message.id,
                    onToggle: () => reactions.onPickerChange(reactions.pickerFor === message.id ? null : message.id),
                    onReact: (emoji) => reactions.onReact(message.id, emoji),
                  }
                : undefined
            }
          />
        ))}
        {shown.after > 0 ? <div className={spacer} style={{ height: shown.after }} aria-hidden="true" /> : null}
      </div>
      {unseenCount > 0 ? (
        <div className={pillRow}>
          <Button
            size="sm"
            className={pill}
            onClick={() => {
              shown.toBottom();
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
  attachment,
  attachmentProblem,
  onAttach,
  onRemoveAttachment,
  sendingAttachment,
  reactions,
  templates,
  unseenCount,
  onUnseen,
  onSeenAll,
  onBack,
  timeZone,
  campaignNames,
}: ConversationPaneProps) {
  const { t } = useTranslation('chat');
  const timeLeft = useTimeLeft(window);
  const { t: common } = useTranslation('common');
  const sizeText = (bytes: number) => common(`ui.fileUpload.size.${fileSize(bytes).unit}`, { size: fileSize(bytes).size });
  const fileInput = useRef<HTMLInputElement>(null);
  const send = () => {
    if ((draft.trim() !== '' || attachment) && !sendingAttachment) onSend();
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
                  <span className={phone}>{open.phone ? t('pane.phone', { phone: formatPhone(open.phone) }) : t('pane.noPhone')}</span>
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
                    campaignNames={campaignNames}
                    reactions={window.open ? reactions : null}
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
                  {attachment ? (
                    <div className={attached}>
                      <Icon name="paperclip" />
                      <span className={attachedName}>
                        {t('composer.attached', {
                          kind: t(`message.kind.${attachment.kind}`),
                          name: attachment.name,
                          size: sizeText(attachment.size),
                        })}
                      </span>
                      <IconButton aria-label={t('composer.removeAttachment')} onClick={onRemoveAttachment} disabled={sendingAttachment}>
                        <Icon name="close" />
                      </IconButton>
                    </div>
                  ) : null}
                  {attachmentProblem ? (
                    <p className={problem} role="alert">
                      {attachmentProblem.problem === 'server'
                        ? attachmentProblem.message
                        : attachmentProblem.problem === 'invalidType'
                          ? t('composer.invalidType')
                          : t(`composer.tooLarge.${attachmentProblem.kind}`, {
                              size: Math.round(attachmentProblem.maxBytes / (1024 * 1024)),
                            })}
                    </p>
                  ) : null}
                  <div className={composerRow}>
                    <input
                      ref={fileInput}
                      type="file"
                      hidden
                      accept={ATTACHMENT_ACCEPT}
                      aria-label={t('composer.fileInput')}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        // The same file chosen again must change the input too.
                        event.target.value = '';
                        if (file) onAttach(file);
                      }}
                    />
                    <IconButton aria-label={t('composer.attach')} onClick={() => fileInput.current?.click()} disabled={sendingAttachment}>
                      <Icon name="paperclip" />
                    </IconButton>
                    <div className={composerText}>
                      <Textarea
                        label={attachment ? t('composer.captionLabel') : t('composer.label')}
                        placeholder={attachment ? t('composer.captionPlaceholder') : t('composer.placeholder')}
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
                    </div>
                    <Button type="submit" disabled={draft.trim() === '' && !attachment} loading={sendingAttachment}>
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
