import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_BUTTONS_INLINE_MAX } from '../../shared/constants';
import * as MessagePreviewParts from './parts/message-preview';

export type MessageHeader =
  | { type: 'text'; text: string }
  | { type: 'image' | 'video'; url?: string | undefined }
  | { type: 'document'; fileName?: string | undefined };

export interface MessageButton {
  type: 'quickReply' | 'url' | 'phone';
  text: string;
}

export interface MessagePreviewProps {
  header?: MessageHeader | undefined;
  /** Template text with numbered variables: "Hola {{1}}". */
  body: string;
  /** Values for the variables by number; a missing one shows as its placeholder. */
  variables?: Record<string, string>;
  footer?: string | undefined;
  buttons?: readonly MessageButton[];
}

export type BodyPart = { kind: 'text'; text: string } | { kind: 'variable'; name: string; value: string | undefined };

/** Splits a template body into text and variables, filling in the values known so far. */
export function fillVariables(body: string, variables: Record<string, string> = {}): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
    if (match.index > last) parts.push({ kind: 'text', text: body.slice(last, match.index) });
    const name = match[1] ?? '';
    const value = variables[name]?.trim();
    parts.push({ kind: 'variable', name, value: value ? value : undefined });
    last = match.index + match[0].length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

function Icon({ name, className }: { name: 'image' | 'video' | 'document' | 'reply' | 'url' | 'phone' | 'list'; className?: string }) {
  const paths: Record<typeof name, ReactNode> = {
    image: (
      <>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="10" r="1.5" />
        <path d="M21 16l-5-5-8 8" />
      </>
    ),
    video: (
      <>
        <rect x="3" y="6" width="13" height="12" rx="2" />
        <path d="M16 10l5-3v10l-5-3" />
      </>
    ),
    document: (
      <>
        <path d="M6 3h8l4 4v14H6z" />
        <path d="M14 3v4h4" />
      </>
    ),
    reply: <path d="M10 8L5 12l5 4M5 12h9a5 5 0 0 1 5 5" />,
    url: <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />,
    phone: <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z" />,
    list: <path d="M8 6h12M8 12h12M8 18h12M4 6h.5M4 12h.5M4 18h.5" />,
  };
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {paths[name]}
    </svg>
  );
}

const BUTTON_ICON = { quickReply: 'reply', url: 'url', phone: 'phone' } as const;

/** How a template message will look in the messaging app, with its variables filled. */
export function MessagePreview({ header, body, variables, footer, buttons = [] }: MessagePreviewProps) {
  const { t } = useTranslation('common');
  // Above the inline maximum the app shows the buttons behind a list.
  const asList = buttons.length > MESSAGE_BUTTONS_INLINE_MAX;
  return (
    <MessagePreviewParts.Root aria-label={t('ui.messagePreview.label')}>
      <MessagePreviewParts.Bubble>
        {header?.type === 'text' ? <MessagePreviewParts.Header>{header.text}</MessagePreviewParts.Header> : null}
        {header?.type === 'image' ? (
          <MessagePreviewParts.Media>
            {header.url ? (
              <img src={header.url} alt={t('ui.messagePreview.image')} />
            ) : (
              <MessagePreviewParts.MediaIcon asChild>
                <Icon name="image" />
              </MessagePreviewParts.MediaIcon>
            )}
          </MessagePreviewParts.Media>
        ) : null}
        {header?.type === 'video' ? (
          <MessagePreviewParts.Media role="img" aria-label={t('ui.messagePreview.video')}>
            <MessagePreviewParts.MediaIcon asChild>
              <Icon name="video" />
            </MessagePreviewParts.MediaIcon>
          </MessagePreviewParts.Media>
        ) : null}
        {header?.type === 'document' ? (
          <MessagePreviewParts.Document>
            <Icon name="document" />
            <span>{header.fileName ?? t('ui.messagePreview.document')}</span>
          </MessagePreviewParts.Document>
        ) : null}
        <MessagePreviewParts.Body>
          {fillVariables(body, variables).map((part, index) =>
            part.kind === 'text' ? (
              part.text
            ) : part.value ? (
              <MessagePreviewParts.Variable key={index}>{part.value}</MessagePreviewParts.Variable>
            ) : (
              <MessagePreviewParts.Missing key={index}>{`{{${part.name}}}`}</MessagePreviewParts.Missing>
            ),
          )}
        </MessagePreviewParts.Body>
        {footer ? <MessagePreviewParts.Footer>{footer}</MessagePreviewParts.Footer> : null}
      </MessagePreviewParts.Bubble>
      {buttons.length > 0 ? (
        <MessagePreviewParts.Buttons>
          {asList ? (
            <MessagePreviewParts.Button>
              <Icon name="list" />
              {t('ui.messagePreview.allOptions')}
            </MessagePreviewParts.Button>
          ) : null}
          {asList ? (
            <MessagePreviewParts.ListTitle>{t('ui.messagePreview.listTitle', { count: buttons.length })}</MessagePreviewParts.ListTitle>
          ) : null}
          {buttons.map((button, index) => (
            <MessagePreviewParts.Button key={index}>
              <Icon name={BUTTON_ICON[button.type]} />
              {button.text}
            </MessagePreviewParts.Button>
          ))}
        </MessagePreviewParts.Buttons>
      ) : null}
    </MessagePreviewParts.Root>
  );
}
