import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { liveChannel } from '../../../mocks/handlers/live';
import { chatKeys, segmentKeys, storeKeys, storeSyncKeys, subscriptionKeys, whatsappCampaignKeys } from '../../../src/web/api/keys';
import { applyLiveEvents, followLiveEvents, type LiveEvent } from '../../../src/web/api/live';
import { setupMockServer } from '../msw';

const server = setupMockServer();
const STORE = 7;

/** A cache holding one fetched answer per key, to see which ones an event leaves stale. */
function cacheWith(keys: readonly (readonly unknown[])[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { at: 'before' });
  const stale = () => keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
  return { queryClient, stale };
}

describe('applyLiveEvents', () => {
  it('refreshes what each event names, and nothing else', () => {
    const keys = [
      segmentKeys.list(STORE),
      segmentKeys.detail(STORE, 3),
      segmentKeys.stats(STORE, 3),
      segmentKeys.detail(STORE, 4),
      storeSyncKeys.detail(STORE),
      subscriptionKeys.detail(STORE),
      segmentKeys.list(STORE + 1),
    ];
    const { queryClient, stale } = cacheWith(keys);
    applyLiveEvents(queryClient, STORE, [{ topic: 'segment', segmentId: 3 }, { topic: 'subscription' }]);
    expect(stale()).toEqual([
      `stores/${STORE}/segments/list`,
      `stores/${STORE}/segments/detail/3`,
      `stores/${STORE}/segments/detail/3/stats`,
      `stores/${STORE}/subscription`,
    ]);
  });

  it("refreshes the WhatsApp campaigns list and the moved campaign's detail and recipients, and no other campaign", () => {
    const recipients = { filter: 'all', page: 1 } as const;
    const keys = [
      whatsappCampaignKeys.list(STORE),
      whatsappCampaignKeys.detail(STORE, 7),
      whatsappCampaignKeys.recipients(STORE, 7, recipients),
      whatsappCampaignKeys.detail(STORE, 8),
      whatsappCampaignKeys.audience(STORE, { templateId: 1, segmentId: 2, event: null }),
    ];
    const { queryClient, stale } = cacheWith(keys);
    applyLiveEvents(queryClient, STORE, [{ topic: 'whatsappCampaign', campaignId: 7 }]);
    expect(stale()).toEqual([
      `stores/${STORE}/whatsappCampaigns/list`,
      `stores/${STORE}/whatsappCampaigns/detail/7`,
      `stores/${STORE}/whatsappCampaigns/detail/7/recipients/[object Object]`,
    ]);
  });

  it("refreshes the inbox's lists, the changed conversation with its messages and the unread count, and no other conversation", () => {
    const inbox = { filter: 'unread', campaignId: null, q: '' };
    const keys = [
      chatKeys.list(STORE, inbox),
      chatKeys.detail(STORE, 5),
      chatKeys.messages(STORE, 5),
      chatKeys.unreadCount(STORE),
      chatKeys.detail(STORE, 6),
      chatKeys.messages(STORE, 6),
    ];
    const { queryClient, stale } = cacheWith(keys);
    applyLiveEvents(queryClient, STORE, [{ topic: 'conversation', conversationId: 5 }]);
    expect(stale()).toEqual([
      `stores/${STORE}/chat/list/[object Object]`,
      `stores/${STORE}/chat/detail/5`,
      `stores/${STORE}/chat/detail/5/messages`,
      `stores/${STORE}/chat/unreadCount`,
    ]);
  });

  it('asks for everything of the store again after a resync, and only of that store', () => {
    const { queryClient } = cacheWith([segmentKeys.list(STORE), storeSyncKeys.detail(STORE), segmentKeys.list(STORE + 1)]);
    applyLiveEvents(queryClient, STORE, [{ topic: 'resync' }]);
    expect(
      queryClient
        .getQueryCache()
        .findAll({ queryKey: storeKeys.detail(STORE) })
        .every((query) => query.state.isInvalidated),
    ).toBe(true);
    expect(queryClient.getQueryState(segmentKeys.list(STORE + 1))?.isInvalidated).toBe(false);
  });
});

describe('followLiveEvents', () => {
  it('hands events over in batches, and resumes from the last id when the stream ends', async () => {
    const live = liveChannel();
    server.use(live.handler);
    const heard: LiveEvent[][] = [];
    const stop = followLiveEvents(STORE, (events) => heard.push(events));
    await waitFor(() => expect(live.channel.open).toBe(1));
    live.channel.send({ topic: 'storeSync' });
    live.channel.send({ topic: 'segment', segmentId: 2 });
    await waitFor(() => expect(heard).toEqual([[{ topic: 'storeSync' }, { topic: 'segment', segmentId: 2 }]]));
    live.channel.end();
    await waitFor(() => expect(live.channel.open).toBe(1));
    expect(live.channel.openedWith).toEqual([null, '2']);
    live.channel.send({ topic: 'subscription' });
    await waitFor(() => expect(heard.at(-1)).toEqual([{ topic: 'subscription' }]));
    stop();
    await waitFor(() => expect(live.channel.open).toBe(0));
  });

  it('stops for good when the stream is refused (signed out, or no longer a member)', async () => {
    let asked = 0;
    server.use(
      http.get('/api/private/stores/:id/live', () => {
        asked += 1;
        return HttpResponse.json({ message: 'Inicia sesión para continuar.', code: 'unauthenticated' }, { status: 401 });
      }),
    );
    const stop = followLiveEvents(STORE, () => undefined);
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(asked).toBe(1);
    stop();
  });
});
