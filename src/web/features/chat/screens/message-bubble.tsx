import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css, cx } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { fileSize, formatDateTime } from '../../../../shared/format';
import { IconButton } from '../../../ui/button';
import { Icon } from '../../../ui/icons';

type ConversationMessage = components['schemas']['ConversationMessage'];
type ConversationMessageStatus = components['schemas']['ConversationMessageStatus'];
type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

const MEDIA_KINDS: readonly string[] = ['image', 'video', 'audio', 'document', 'sticker'] satisfies MediaKind[];

const row = css({ display: 'flex', flexDirection: 'column', maxW: 'full' });
const rowIn = css({ alignItems: 'flex-start' });
const rowOut = css({ alignItems: 'flex-end' });
const bubble = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  maxW: { base: '5/6', md: '3/4' },
  px: '3',
  py: '2',
  borderRadius: 'lg',
  borderWidth: '1px',
  fontSize: 'sm',
  color: 'fg.default',
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});
const bubbleIn = css({ bg: 'bg.surface', borderColor: 'border.default' });
const bubbleOut = css({ bg: 'accent.subtle', borderColor: 'accent.muted' });
const bubbleFailed = css({ borderColor: 'danger.border' });
const label = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' });
const placeholderStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  py: '1.5',
  borderRadius: 'md',
  bg: 'bg.muted',
  color: 'fg.muted',
  fontSize: 'xs',
  '& svg': { w: 'icon', h: 'icon', flexShrink: '0' },
} as const;
const placeholder = css(placeholderStyle);
const focusRing = { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.focus', outlineOffset: '0.5' } as const;
const picture = css({ display: 'block', borderRadius: 'md', overflow: 'hidden', _focusVisible: focusRing });
// Meta gives no size for a file: a frame of fixed height keeps the conversation from moving as pictures arrive (and a
// whole number of pixels keeps the pane's scroll, at its bottom, on whole pixels).
const photo = css({ display: 'block', w: '64', maxW: 'full', h: '48', objectFit: 'cover', bg: 'bg.muted' });
const stickerPicture = css({ display: 'block', w: '32', h: '32', objectFit: 'contain' });
const playerBox = { w: '64', maxW: 'full', h: '36', borderRadius: 'md' } as const;
const player = css(playerBox, { display: 'block', bg: 'bg.muted' });
// A video not played yet: a frame of the player's size with a play button, as WhatsApp draws one without its picture.
const videoFrame = css(playerBox, {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  bg: 'fg.default',
  color: 'bg.surface',
  cursor: 'pointer',
  '& svg': { w: '10', h: '10', fill: '[currentColor]' },
  _hover: { opacity: '0.9' },
  _focusVisible: focusRing,
});
const audioPlayer = css({ display: 'block', w: '64', maxW: 'full', h: '14' });
// A document is a placeholder that is a link.
const documentLink = css(placeholderStyle, {
  color: 'fg.default',
  textDecoration: 'none',
  '& svg': { w: 'icon', h: 'icon', flexShrink: '0', color: 'fg.muted' },
  _hover: { textDecoration: 'underline' },
  _focusVisible: focusRing,
});
const documentSize = css({ color: 'fg.muted' });
const meta = css({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '1', fontSize: 'xs', color: 'fg.muted' });
const tick = css({ display: 'inline-flex', alignItems: 'center', '& svg': { w: '4', h: '4' } });
const tickRead = css({ color: 'chat.link' });
const tickFailed = css({ color: 'danger.text' });
const errorBox = css({ display: 'flex', flexDirection: 'column', gap: '0.5', fontSize: 'xs', color: 'danger.text' });
const errorDetails = css({ color: 'fg.muted' });
const reactions = css({ display: 'flex', gap: '1', mt: '-1', px: '2' });
const reaction = css({
  fontSize: 'sm',
  px: '1.5',
  py: '1',
  borderRadius: 'full',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
});
const srOnly = css({ srOnly: true });
// The line spans the conversation, so that a bubble's share (5/6, 3/4) is of the conversation's width: in a line as wide as
// its bubble, the share was of the bubble's own content, and every bubble came out narrower than what it holds.
const bubbleLine = css({ display: 'flex', alignItems: 'center', gap: '1', w: 'full', minW: '0' });
const bubbleLineOut = css({ justifyContent: 'flex-end' });
const picker = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '1',
  mt: '1',
  p: '1',
  borderRadius: 'full',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  boxShadow: 'sm',
});
const pickerEmoji = css({
  fontSize: 'lg',
  lineHeight: 'tight',
  w: '9',
  h: '9',
  borderRadius: 'full',
  bg: 'transparent',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _pressed: { bg: 'accent.subtle' },
  _focusVisible: focusRing,
});

/** WhatsApp's own quick reactions. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Meta's delivery status as WhatsApp draws it: a clock, one tick, two ticks, two blue ticks; a failure's mark. */
export function DeliveryTicks({ status }: { status: ConversationMessageStatus }) {
  const { t } = useTranslation('chat');
  const name = t(`message.status.${status}`);
  const single = 'M4 12.5l4.5 4.5L18 7.5';
  const double = 'M2 12.5l4.5 4.5L16 7.5M9.5 16l1 1L20 7.5';
  return (
    <span className={cx(tick, status === 'read' && tickRead, status === 'failed' && tickFailed)} title={name}>
      {status === 'failed' ? (
        <Icon name="error" />
      ) : (
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          {status === 'pending' ? (
            <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7v5l3 2" />
          ) : (
            <path d={status === 'sent' ? single : double} />
          )}
        </svg>
      )}
      <span className={srOnly}>{name}</span>
    </span>
  );
}

// One function for every player: React calls it when the player appears, not on each render.
const focusPlayer = (video: HTMLVideoElement | null) => video?.focus();

/**
 * A video, drawn as a frame with a play button until the merchant plays it; the browser's player then takes its place,
 * plays and holds the focus. Nothing loads before, and no player sits idle in the conversation: Chromium's shows a
 * spinning wheel for a while on each one it draws, even with nothing to load.
 */
function VideoPlayer({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation('chat');
  const [playing, setPlaying] = useState(false);
  if (playing) return <video ref={focusPlayer} className={player} src={url} controls autoPlay aria-label={label} />;
  return (
    <button type="button" className={videoFrame} onClick={() => setPlaying(true)} aria-label={t('message.playVideo', { name: label })}>
      <Icon name="play" />
    </button>
  );
}

/**
 * A customer's file as the store kept it: an image or sticker drawn (opening full size in a new tab), video and audio
 * in players (nothing loads until played), a document as a link with its name and size; while it
 * downloads, or once it could not be kept, a note that says so. A file the store does not keep (its own attachments)
 * stays a labelled placeholder.
 */
function MediaContent({ message, kind, kindLabel }: { message: ConversationMessage; kind: MediaKind; kindLabel: string }) {
  const { t } = useTranslation('chat');
  const { t: common } = useTranslation('common');
  const media = message.media;
  const fileName = media?.fileName ?? text(objectOf(message.payload).filename);
  const named = fileName ? `${kindLabel}: ${fileName}` : kindLabel;
  if (media?.state === 'kept' && media.url) {
    const alt = text(message.text) ?? kindLabel;
    if (kind === 'image' || kind === 'sticker')
      return (
        <a className={picture} href={media.url} target="_blank" rel="noopener" title={t('message.openMedia')}>
          <img className={kind === 'sticker' ? stickerPicture : photo} src={media.url} alt={alt} />
        </a>
      );
    if (kind === 'video') return <VideoPlayer url={media.url} label={named} />;
    if (kind === 'audio') return <audio className={audioPlayer} src={media.url} controls preload="none" aria-label={named} />;
    const size = media.size === null ? null : fileSize(media.size);
    return (
      <a className={documentLink} href={media.url} download={fileName ?? true}>
        <Icon name="paperclip" />
        <span>
          <strong>{fileName ?? kindLabel}</strong>
          {size ? (
            <>
              <br />
              <span className={documentSize}>{common(`ui.fileUpload.size.${size.unit}`, { size: size.size })}</span>
            </>
          ) : null}
        </span>
      </a>
    );
  }
  const [icon, note] =
    media?.state === 'pending'
      ? (['inbox', t('message.mediaDownloading')] as const)
      : media?.state === 'failed'
        ? (['warning', t(`message.mediaFailed.${media.failure ?? 'unavailable'}`)] as const)
        : (['inbox', t('message.mediaNotShown')] as const);
  return (
    <span className={placeholder} role={media?.state === 'failed' ? 'note' : undefined}>
      <Icon name={icon} />
      <span>
        <strong>{named}</strong>
        <br />
        {note}
      </span>
    </span>
  );
}

/** What an incoming kind carries beyond its text: a file (MediaContent), a location, contacts, a reply's label. */
function KindContent({ message }: { message: ConversationMessage }) {
  const { t } = useTranslation('chat');
  const payload = objectOf(message.payload);
  const { kind } = message;
  if (MEDIA_KINDS.includes(kind)) {
    const kindLabel = kind === 'audio' && payload.voice === true ? t('message.kind.voice') : t(`message.kind.${kind as MediaKind}`);
    return <MediaContent message={message} kind={kind as MediaKind} kindLabel={kindLabel} />;
  }
  if (kind === 'location') {
    const name = text(payload.name);
    const address = text(payload.address);
    const latitude = typeof payload.latitude === 'number' ? payload.latitude : null;
    const longitude = typeof payload.longitude === 'number' ? payload.longitude : null;
    return (
      <span className={placeholder}>
        <Icon name="store" />
        <span>
          <strong>{t('message.kind.location')}</strong>
          {name ? <> · {name}</> : null}
          {address ? (
            <>
              <br />
              {address}
            </>
          ) : null}
          {latitude !== null && longitude !== null ? (
            <>
              <br />
              {t('message.coordinates', { latitude, longitude })}
            </>
          ) : null}
        </span>
      </span>
    );
  }
  if (kind === 'contacts') {
    const contacts = Array.isArray(payload.contacts) ? payload.contacts.map(objectOf) : [];
    return (
      <span className={placeholder}>
        <Icon name="person" />
        <span>
          <strong>{t('message.kind.contacts')}</strong>
          {contacts.map((contact, index) => {
            const name = text(objectOf(contact.name).formatted_name) ?? t('list.noName');
            const phones = (Array.isArray(contact.phones) ? contact.phones : [])
              .map((phone) => text(objectOf(phone).phone))
              .filter(Boolean);
            return (
              // Contacts have no id of their own; their order is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: the shared contacts never reorder
              <span key={index}>
                <br />
                {phones.length > 0 ? t('message.contactPhones', { name, phones: phones.join(', ') }) : name}
              </span>
            );
          })}
        </span>
      </span>
    );
  }
  if (kind === 'button' || kind === 'interactive') return <span className={label}>{t(`message.kind.${kind}`)}</span>;
  if (kind === 'unsupported')
    return (
      <span className={placeholder}>
        <Icon name="warning" />
        <span>
          <strong>{t('message.kind.unsupported')}</strong>
          <br />
          {t('message.unsupportedDescription')}
        </span>
      </span>
    );
  return null;
}

export interface MessageBubbleProps {
  message: ConversationMessage;
  /** The store's time zone, for the message's time. */
  timeZone?: string | undefined;
  /** The name of the campaign that sent it, when one did and the store still has it. */
  campaignName?: string | undefined;
  /** A customer's message the store may react to now (within the window); absent otherwise. */
  reaction?: {
    /** The quick reactions are shown. */
    open: boolean;
    onToggle: () => void;
    /** The emoji chosen; the store's current one again takes it back (empty). */
    onReact: (emoji: string) => void;
  };
}

/** One message of the conversation: what it says or carries, its time, and for the store's, its delivery. */
function Bubble({ message, timeZone, campaignName, reaction: reacting }: MessageBubbleProps) {
  const { t } = useTranslation('chat');
  const outbound = message.direction === 'outbound';
  // A media's caption, a location's name and the rest are in the kind's content; text is what was written or tapped.
  const body = text(message.text);
  return (
    <div className={cx(row, outbound ? rowOut : rowIn)} data-message-id={message.id}>
      <div className={cx(bubbleLine, outbound && bubbleLineOut)}>
        <div className={cx(bubble, outbound ? bubbleOut : bubbleIn, message.status === 'failed' && bubbleFailed)}>
          {message.campaignId !== null ? (
            <span className={label}>{campaignName ? t('message.campaign', { name: campaignName }) : t('message.campaignUnnamed')}</span>
          ) : null}
          {message.kind === 'template' && message.templateName ? (
            <span className={label}>{t('message.template', { name: message.templateName })}</span>
          ) : null}
          {message.templateMissing ? (
            <span className={placeholder} role="note">
              <Icon name="warning" />
              <span>{t('message.templateMissing')}</span>
            </span>
          ) : null}
          <KindContent message={message} />
          {body ? <span>{body}</span> : null}
          {message.error ? (
            <span className={errorBox} role="note">
              <span>{t('message.error', { code: message.error.code, title: message.error.title })}</span>
              {message.error.details ? <span className={errorDetails}>{message.error.details}</span> : null}
            </span>
          ) : null}
          <span className={meta}>
            <span className={srOnly}>{outbound ? t('message.outbound') : t('message.inbound')}</span>
            <time dateTime={message.at}>{formatDateTime(message.at, timeZone)}</time>
            {outbound && message.status ? <DeliveryTicks status={message.status} /> : null}
          </span>
        </div>
        {reacting ? (
          <IconButton aria-label={t('message.react')} aria-expanded={reacting.open} onClick={reacting.onToggle}>
            <Icon name="smile" />
          </IconButton>
        ) : null}
      </div>
      {reacting?.open ? (
        <div className={picker} role="group" aria-label={t('message.reactions')}>
          {QUICK_REACTIONS.map((emoji) => {
            const current = message.reactions.some((each) => each.from === 'outbound' && each.emoji === emoji);
            return (
              <button
                key={emoji}
                type="button"
                className={pickerEmoji}
                aria-label={t('message.reactWith', { emoji })}
                aria-pressed={current}
                onClick={() => reacting.onReact(current ? '' : emoji)}
              >
                {emoji}
              </button>
            );
          })}
        </div>
      ) : null}
      {message.reactions.length > 0 ? (
        <span className={reactions}>
          {message.reactions.map((each) => (
            <span
              key={each.from}
              className={reaction}
              role="img"
              aria-label={`${t('message.reaction', { emoji: each.emoji })} ${t(`message.reactionFrom.${each.from}`)}`}
            >
              {each.emoji}
            </span>
          ))}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Drawn again only when what it shows changes: a conversation of thousands of messages gets a page of 30 older
 * ones, or one new, without every message being drawn anew (on a phone that took seconds a page at 5,000). The
 * reaction's callbacks are new objects at each render of the list and are left out: a closed picker's toggle
 * always opens it and an open one's always closes it, and `onReact` reaches the same conversation's handler.
 */
export const MessageBubble = memo(
  Bubble,
  (before, after) =>
    before.message === after.message &&
    before.timeZone === after.timeZone &&
    before.campaignName === after.campaignName &&
    (before.reaction === undefined) === (after.reaction === undefined) &&
    before.reaction?.open === after.reaction?.open,
);
