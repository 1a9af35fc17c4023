import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { components } from '../../shared/api/app.gen';
import { EventStreamParser } from '../../shared/event-stream';
import { APP_API_URL } from './clients';
import { takeLivePosition } from './first-answers';
import {
  adCampaignKeys,
  chatKeys,
  integrationKeys,
  segmentKeys,
  storeKeys,
  storeSyncKeys,
  subscriptionKeys,
  whatsappCampaignKeys,
  whatsappTemplateKeys,
} from './keys';
import { noteServerDate } from './server-clock';

/*
 * The live channel's browser end (ARCHITECTURE.md "How data flows", 8): the store's events arrive on
 * one stream per tab, and each refreshes the queries whose answer it may have changed. Nothing polls.
 *
 * The stream is read with `fetch` rather than EventSource: it resumes from the last event id after any
 * failure (EventSource gives up for good on an error status), waits longer after each failed attempt,
 * and is the same request in the browser, in Storybook and under test (MSW's `sse`).
 */

export type LiveEvent = components['schemas']['LiveEvent'];

/** Events that arrive together refresh each query once. */
const COALESCE_MS = 150;
/** Waits before reconnecting after a failure: longer each time, up to the last. */
const RECONNECT_MS = [1000, 2000, 5000, 10_000, 30_000] as const;
/** The server keeps a stream open for minutes: one that ends sooner did not end the normal way. */
const SHORTEST_STREAM_MS = 5000;

/** The queries an event may have changed. */
export function liveEventKeys(storeId: number, event: LiveEvent): QueryKey[] {
  switch (event.topic) {
    case 'storeSync':
      return [storeSyncKeys.detail(storeId), integrationKeys.detail(storeId)];
    case 'segment':
      // The detail's prefix holds its figures and its members' pages.
      return [segmentKeys.list(storeId), segmentKeys.listStats(storeId), segmentKeys.detail(storeId, event.segmentId)];
    case 'segmentSyncs':
      return [segmentKeys.syncs(storeId)];
    case 'adCampaignInsights':
      return [adCampaignKeys.insights(storeId, event.campaignId), adCampaignKeys.performance(storeId)];
    case 'subscription':
      return [subscriptionKeys.detail(storeId)];
    case 'whatsappTemplate':
      // The chat offers the approved templates, and says of a message when its template is gone.
      return [whatsappTemplateKeys.list(storeId), whatsappTemplateKeys.detail(storeId, event.templateId), chatKeys.details(storeId)];
    case 'whatsappCampaign':
      // The detail's prefix holds its recipients' pages too.
      return [whatsappCampaignKeys.list(storeId), whatsappCampaignKeys.detail(storeId, event.campaignId)];
    case 'conversation':
      // The detail's prefix holds its messages' pages.
      return [chatKeys.lists(storeId), chatKeys.detail(storeId, event.conversationId), chatKeys.unreadCount(storeId)];
    case 'resync':
      return [storeKeys.detail(storeId)];
    default:
      // A topic this build does not know yet (a newer server): nothing of ours depends on it.
      return [];
  }
}

/** Refreshes what `events` may have changed: each query once, the ones on screen at once, the rest when next shown. */
export function applyLiveEvents(queryClient: QueryClient, storeId: number, events: LiveEvent[]): void {
  const keys = new Map<string, QueryKey>();
  for (const event of events) for (const key of liveEventKeys(storeId, event)) keys.set(JSON.stringify(key), key);
  for (const queryKey of keys.values()) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Follows the store's stream until the returned function is called, handing over its events in small
 * batches. A stream the server ends (it does every few minutes) reopens at once from the last event id;
 * a failure, after a wait. A refusal (signed out, no longer a member) stops it: the app's own calls say why.
 */
export function followLiveEvents(storeId: number, onEvents: (events: LiveEvent[]) => void, from = ''): () => void {
  const controller = new AbortController();
  // Without a position, the server starts a little before now, to cover the tab's first reads.
  let lastEventId = from;
  let batch: LiveEvent[] = [];
  let flush: ReturnType<typeof setTimeout> | undefined;
  const deliver = (event: LiveEvent) => {
    batch.push(event);
    flush ??= setTimeout(() => {
      flush = undefined;
      const events = batch;
      batch = [];
      onEvents(events);
    }, COALESCE_MS);
  };

  const read = async (): Promise<'ended' | 'failed' | 'refused'> => {
    const response = await fetch(`${APP_API_URL}/private/stores/${storeId}/live`, {
      headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (response.status === 401 || response.status === 403 || response.status === 404) return 'refused';
    if (!response.ok || !response.body) return 'failed';
    noteServerDate(response);
    const parser = new EventStreamParser();
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'ended';
      for (const message of parser.push(decoder.decode(value, { stream: true }))) {
        try {
          deliver(JSON.parse(message.data) as LiveEvent);
        } catch {
          // Not JSON: nothing this build can act on.
        }
      }
      if (parser.lastEventId) lastEventId = parser.lastEventId;
    }
  };

  void (async () => {
    let failures = 0;
    while (!controller.signal.aborted) {
      const openedAt = Date.now();
      const outcome = await read().catch(() => 'failed' as const);
      if (controller.signal.aborted || outcome === 'refused') return;
      // A stream cut short (something in between closing it) counts as a failure, so it is not reopened in a loop.
      failures = outcome === 'ended' && Date.now() - openedAt > SHORTEST_STREAM_MS ? 0 : failures + 1;
      const wait = failures === 0 ? 0 : RECONNECT_MS[Math.min(failures, RECONNECT_MS.length) - 1]!;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();

  return () => {
    controller.abort();
    clearTimeout(flush);
  };
}

/** Keeps the store's queries current while mounted (the signed-in app, once it knows the store). */
export function useLiveUpdates(storeId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (storeId === undefined) return;
    return followLiveEvents(storeId, (events) => applyLiveEvents(queryClient, storeId, events), takeLivePosition(storeId));
  }, [queryClient, storeId]);
}
