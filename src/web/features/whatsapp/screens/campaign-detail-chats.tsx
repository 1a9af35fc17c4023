import { useTranslation } from 'react-i18next';
import { css, cx } from 'styled-system/css';
import { button, link } from 'styled-system/recipes';
import type { components, operations } from '../../../../shared/api/app.gen';
import { formatDateTime } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Badge, type Tone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { Modal } from '../../../ui/dialog';
import { SegmentedControl } from '../../../ui/segmented-control';

type WhatsappCampaignRecipient = components['schemas']['WhatsappCampaignRecipient'];
type WhatsappCampaignRecipientPage = components['schemas']['WhatsappCampaignRecipientPage'];
type WhatsappCampaignRecipientStatus = components['schemas']['WhatsappCampaignRecipientStatus'];

/** The chat list's filter (SPEC §2): every recipient, those who read the message, those who have not. */
export type RecipientFilter = NonNullable<NonNullable<operations['listWhatsappCampaignRecipients']['parameters']['query']>['filter']>;
export const RECIPIENT_FILTERS: readonly RecipientFilter[] = ['all', 'read', 'unread'];

export interface CampaignDetailChatsProps {
  recipients: Loadable<WhatsappCampaignRecipientPage>;
  onRetry: () => void;
  filter: RecipientFilter;
  onFilterChange: (filter: RecipientFilter) => void;
  /** From 1. */
  page: number;
  onPageChange: (page: number) => void;
  /** The recipient whose reply is being offered in WhatsApp Web; null when the modal is closed. */
  replyTo: WhatsappCampaignRecipient | null;
  onReplyToChange: (recipient: WhatsappCampaignRecipient | null) => void;
}

const STATUS_TONES: Record<WhatsappCampaignRecipientStatus, Tone> = {
  pending: 'neutral',
  sent: 'neutral',
  delivered: 'info',
  read: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

/** WhatsApp Web's chat with a phone (its digits, country code first): the messaging app's web client (SPEC §2). */
export function whatsappWebChatUrl(phone: string): string {
  return `https://web.whatsapp.com/send?phone=${phone.replace(/\D/g, '')}`;
}

const section = css({ display: 'flex', flexDirection: 'column', gap: '4', minW: '0' });
const sectionTitle = css({ textStyle: 'sectionTitle', color: 'fg.default' });
const note = css({ textStyle: 'note', color: 'fg.muted', m: '0' });
const filterRow = css({ alignSelf: 'flex-start' });
// A link's look on a button: it opens the reply modal, not another page.
const customer = css({ p: '0', border: 'none', bg: 'transparent', textAlign: 'start' });
const statusCell = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' });
const errorText = css({ fontSize: 'xs', color: 'danger.text', maxW: 'sm' });
const errorDetails = css({ fontSize: 'xs', color: 'fg.muted', maxW: 'sm' });
const phoneText = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** SPEC §2: the campaign's chat list, filtered all, read or unread, each opening WhatsApp Web to reply. */
export function CampaignDetailChats({
  recipients,
  onRetry,
  filter,
  onFilterChange,
  page,
  onPageChange,
  replyTo,
  onReplyToChange,
  timeZone,
}: CampaignDetailChatsProps & { timeZone: string }) {
  const { t } = useTranslation('whatsappCampaignDetail');
  const nameOf = (recipient: WhatsappCampaignRecipient) => recipient.name ?? t('chats.noName');
  const columns: DataTableColumn<WhatsappCampaignRecipient>[] = [
    {
      key: 'customer',
      header: t('chats.customer'),
      cell: (recipient) => (
        <button
          type="button"
          className={cx(link({ size: 'inherit' }), customer)}
          aria-label={t('chats.reply', { name: nameOf(recipient) })}
          onClick={() => onReplyToChange(recipient)}
        >
          {nameOf(recipient)}
        </button>
      ),
    },
    { key: 'phone', header: t('chats.phone'), cell: (recipient) => <span className={phoneText}>{recipient.phone}</span> },
    {
      key: 'status',
      header: t('chats.status'),
      cell: (recipient) => (
        <span className={statusCell}>
          <Badge tone={STATUS_TONES[recipient.status]}>{t(`recipientStatus.${recipient.status}`)}</Badge>
          {recipient.error ? (
            <>
              <span className={errorText}>{t('chats.error', { code: recipient.error.code, title: recipient.error.title })}</span>
              {recipient.error.details ? <span className={errorDetails}>{recipient.error.details}</span> : null}
            </>
          ) : null}
        </span>
      ),
    },
    { key: 'replied', header: t('chats.replied'), cell: (recipient) => (recipient.replied ? t('chats.repliedYes') : t('chats.repliedNo')) },
    { key: 'updatedAt', header: t('chats.updatedAt'), cell: (recipient) => formatDateTime(recipient.updatedAt, timeZone) },
  ];
  const data = recipients.status === 'success' ? recipients.data : null;
  return (
    <section className={section} aria-labelledby="whatsapp-campaign-chats">
      <h2 id="whatsapp-campaign-chats" className={sectionTitle}>
        {t('chats.title')}
      </h2>
      <p className={note}>{t('chats.description')}</p>
      <div className={filterRow}>
        <SegmentedControl
          label={t('chats.filterLabel')}
          options={RECIPIENT_FILTERS.map((value) => ({ value, label: t(`chats.filter.${value}`) }))}
          value={filter}
          onValueChange={onFilterChange}
        />
      </div>
      <DataTable
        caption={t('chats.caption')}
        columns={columns}
        rows={data?.recipients ?? []}
        rowKey={(recipient) => recipient.customerId}
        status={recipients.status === 'success' ? 'ready' : recipients.status}
        errorCause={recipients.status === 'error' ? recipients.cause : undefined}
        onRetry={onRetry}
        loadingRows={4}
        empty={{ title: t(`chats.empty.${filter}`) }}
        pagination={data ? { count: data.total, pageSize: data.pageSize, page, onPageChange } : undefined}
      />
      <Modal
        id="whatsapp-campaign-web-client"
        open={replyTo !== null}
        onOpenChange={(open) => {
          if (!open) onReplyToChange(null);
        }}
        size="sm"
        title={t('webClient.title')}
        description={replyTo ? t('webClient.description', { name: nameOf(replyTo), phone: replyTo.phone }) : undefined}
        footer={
          replyTo ? (
            <>
              <Button variant="outline" onClick={() => onReplyToChange(null)}>
                {t('webClient.cancel')}
              </Button>
              <a
                href={whatsappWebChatUrl(replyTo.phone)}
                target="_blank"
                rel="noopener noreferrer"
                className={button()}
                onClick={() => onReplyToChange(null)}
              >
                {t('webClient.open')}
              </a>
            </>
          ) : null
        }
      />
    </section>
  );
}
