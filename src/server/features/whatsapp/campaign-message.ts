import type { CampaignRow } from './campaign-repository.ts';

/*
 * What the outbox asks of whoever reaches Meta (campaign-meta-port.ts): one row's message (its values, its
 * buttons' suffixes, the callback Meta echoes in its statuses), and what the send came to in the outbox's terms.
 */

export interface OutboxMessage {
  phone: string;
  params: { values: Record<string, string>; suffixes: Record<string, string> };
  callback: string;
  /** Its sends so far, this one included. */
  attempts: number;
}

/** Meta's error for a message, in its words. */
export interface MessageError {
  code: number;
  title: string;
  details: string | null;
}

export type SendOutcome =
  /** Meta took it: its message id. */
  | { kind: 'sent'; wamid: string }
  /** Meta did not take it and asks to try again later (throughput, the pair limit, its own trouble). */
  | { kind: 'retry'; afterMs: number; throttled: boolean }
  /** Meta will not send it: its error; `optedOut` when the person stopped marketing messages (131050). */
  | { kind: 'failed'; error: MessageError; optedOut: boolean }
  /** The template is paused (132015) or disabled (132016): the campaign pauses, the row waits. */
  | { kind: 'templatePaused' }
  | { kind: 'templateDisabled' }
  /** No answer (the call broke or timed out): Meta may have taken it; its statuses will tell. */
  | { kind: 'inDoubt' };

/** How the outbox reaches Meta: the real client in the app, the same one against the sandbox in tests. */
export interface MessagePort {
  send(campaign: CampaignRow, phoneNumberId: string, message: OutboxMessage): Promise<SendOutcome>;
  /** The number's messages per second. */
  throughput(storeId: number, phoneNumberId: string): Promise<number>;
}
