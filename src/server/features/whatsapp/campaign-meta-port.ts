import { variablesIn } from '../../../shared/whatsapp-templates.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import { classifySendFailure, sendBackoffMs } from '../../integrations/meta/whatsapp/errors.ts';
import type { TemplateHeader, TemplateMessage } from '../../integrations/meta/whatsapp/messages.ts';
import type { MetaAccess } from '../../platform/connections/meta-connection.ts';
import { whatsappClientOf } from '../../platform/connections/whatsapp-connection.ts';
import { uploadedHeaderMedia } from '../../platform/connections/whatsapp-header-media.ts';
import type { Database } from '../../platform/database/db.ts';
import type { JobWorker } from '../../platform/jobs/jobs.ts';
import { OPT_OUT_CONFIRM_QUEUE } from './campaign-events.ts';
import type { MessagePort, OutboxMessage, SendOutcome } from './campaign-message.ts';
import type { CampaignRow } from './campaign-repository.ts';
import { campaignMessages } from './messages.ts';

/*
 * The outbox's way to Meta: the store's WhatsApp client (the sandbox's by default), each row as Meta's template
 * message, and Meta's answer in the outbox's terms. The client of a store and its number's throughput are kept a
 * minute, not read again for every message.
 */

const CLIENT_TTL_MS = 60_000;
/** Meta's messages per second for a number: 80 by default, 1,000 once Meta raised its throughput (`HIGH`). */
const THROUGHPUT = { STANDARD: 80, HIGH: 1000 } as const;
const THROTTLED_CODES = new Set([130429, 80007, 4]);

function cached<T>(ttlMs: number, load: (key: string) => Promise<T>) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string): Promise<T> => {
    const entry = entries.get(key);
    if (entry && Date.now() - entry.at < ttlMs) return entry.value;
    const value = load(key);
    // A failure is not kept: the next message asks again.
    value.catch(() => entries.delete(key));
    entries.set(key, { at: Date.now(), value });
    return value;
  };
}

/** A row of the outbox as Meta's template message. */
export function templateMessageOf(campaign: CampaignRow, message: OutboxMessage, mediaId: string | null): TemplateMessage {
  const { content } = campaign;
  const { values, suffixes } = message.params;
  const named = (text: string) => Object.fromEntries(variablesIn(text).map((name) => [name, values[name] ?? '']));
  const format = content.header.format;
  let header: TemplateHeader | undefined;
  if (format === 'TEXT' && content.header.text && variablesIn(content.header.text).length > 0)
    header = { type: 'text', parameters: named(content.header.text) };
  else if (mediaId && (format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT'))
    header = { type: format.toLowerCase() as 'image' | 'video' | 'document', id: mediaId };
  return {
    to: message.phone,
    template: { name: campaign.template_name, language: 'es', category: campaign.template_category },
    ...(header ? { header } : {}),
    body: named(content.body),
    buttons: Object.entries(suffixes).map(([index, urlSuffix]) => ({ index: Number(index), urlSuffix })),
    callbackData: message.callback,
  };
}

/** Meta's answer to a send, in the outbox's terms. */
export function outcomeOf(error: unknown, attempts: number): SendOutcome {
  const failure = classifySendFailure(error);
  if (failure.inDoubt) return { kind: 'inDoubt' };
  const error_ = { code: failure.code ?? 0, title: failure.title, details: failure.details };
  switch (failure.kind) {
    case 'retry':
      return { kind: 'retry', afterMs: sendBackoffMs(attempts), throttled: failure.code !== null && THROTTLED_CODES.has(failure.code) };
    case 'pairLimit':
      return { kind: 'retry', afterMs: failure.retryAfterMs ?? 6_000, throttled: false };
    case 'templateUnavailable':
      return failure.code === 132016 ? { kind: 'templateDisabled' } : { kind: 'templatePaused' };
    case 'stoppedMarketing':
      return { kind: 'failed', error: error_, optedOut: true };
    default:
      // 131049 (Meta held it back for the person's marketing limit) is not sent again: it would land within 24 hours.
      return { kind: 'failed', error: error_, optedOut: false };
  }
}

export function metaMessagePort(db: Database, access: MetaAccess): MessagePort {
  const clientOf = cached(CLIENT_TTL_MS, (storeId) => whatsappClientOf(db, access, Number(storeId)));
  const levelOf = cached(5 * CLIENT_TTL_MS, async (key) => {
    const [storeId, phoneNumberId] = key.split(':');
    const { client } = await clientOf(storeId!);
    return (await client.whatsapp.phoneNumber(phoneNumberId!)).throughputLevel;
  });
  return {
    async send(campaign, phoneNumberId, message) {
      let client: MetaUserClient;
      let mediaId: string | null;
      try {
        ({ client } = await clientOf(String(campaign.store_id)));
        mediaId =
          campaign.header_media_id === null
            ? null
            : await uploadedHeaderMedia(db, client, { storeId: campaign.store_id, mediaId: campaign.header_media_id, phoneNumberId });
      } catch {
        // The connection or the header's upload failed: nothing was sent; the row waits a minute.
        return { kind: 'retry', afterMs: 60_000, throttled: false };
      }
      try {
        const sent = await client.whatsapp.sendTemplate(phoneNumberId, templateMessageOf(campaign, message, mediaId));
        return { kind: 'sent', wamid: sent.messageId };
      } catch (error) {
        return outcomeOf(error, message.attempts);
      }
    },
    async throughput(storeId, phoneNumberId) {
      try {
        return (await levelOf(`${storeId}:${phoneNumberId}`)) === 'HIGH' ? THROUGHPUT.HIGH : THROUGHPUT.STANDARD;
      } catch {
        return THROUGHPUT.STANDARD;
      }
    },
  };
}

/** The answer to a customer who asked to stop: sent once, within the conversation they just opened. */
export function registerOptOutConfirmation(jobs: JobWorker, db: Database, access: MetaAccess): void {
  jobs.register<{ storeId: number; to: string }>(OPT_OUT_CONFIRM_QUEUE, {
    handler: async (job) => {
      const { client, phoneNumberId } = await whatsappClientOf(db, access, job.payload.storeId);
      await client.whatsapp.sendText(phoneNumberId, { to: job.payload.to, body: campaignMessages.optOutConfirmation });
    },
  });
}
