import { beforeAll, expect, it, vi } from 'vitest';
import { sessionUsers } from '../../../mocks/fixtures/session';
import { meFails } from '../../../mocks/handlers/session';
import { storesAnswer } from '../../../mocks/handlers/team';
import { setupMockServer } from '../msw';

const server = setupMockServer();

let appClient: typeof import('../../../src/web/api/clients').appClient;
let fetchSessionUser: typeof import('../../../src/web/api/session').fetchSessionUser;

// The entry page as the server writes it for a signed-in browser: the session's answer inside. The app reads the page
// once, as it starts: its modules are loaded afresh after the page is written, whatever a test file before this one read.
beforeAll(async () => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-answers';
  element.textContent = JSON.stringify({
    '/api/auth/me': { status: 200, body: sessionUsers.colaborator },
    '/api/private/stores': { status: 200, body: [] },
    '/api/private/stores/1/adCampaigns': { status: 409, body: { code: 'social_ads_not_connected', message: 'Conecta tu cuenta de Meta.' } },
  });
  document.body.append(element);
  vi.resetModules();
  ({ appClient } = await import('../../../src/web/api/clients'));
  ({ fetchSessionUser } = await import('../../../src/web/api/session'));
});

it("serves the first request of an address from the page's answer, once, and every later one from the network", async () => {
  // The network would fail: the answer comes from the page, a second after it opened.
  server.use(meFails());
  const now = vi.spyOn(performance, 'now').mockReturnValue(1000);
  try {
    await expect(fetchSessionUser()).resolves.toEqual(sessionUsers.colaborator);
    expect(document.getElementById('first-answers')).toBeNull();
    await expect(fetchSessionUser()).rejects.toMatchObject({ status: 500 });
  } finally {
    now.mockRestore();
  }
});

it("serves a carried refusal as the API's own, with its status", async () => {
  const now = vi.spyOn(performance, 'now').mockReturnValue(1000);
  try {
    const { response, error } = await appClient.GET('/private/stores/{id}/adCampaigns', { params: { path: { id: 1 } } });
    expect(response.status).toBe(409);
    expect(error).toEqual({ code: 'social_ads_not_connected', message: 'Conecta tu cuenta de Meta.' });
  } finally {
    now.mockRestore();
  }
});

it('drops an answer the app did not take in the first half minute: it may be out of date', async () => {
  server.use(storesAnswer());
  const now = vi.spyOn(performance, 'now').mockReturnValue(30_001);
  try {
    const { data } = await appClient.GET('/private/stores');
    expect(data).not.toEqual([]);
  } finally {
    now.mockRestore();
  }
});

it('leaves the addresses the page did not bring to the network', async () => {
  server.use(storesAnswer());
  const { response } = await appClient.GET('/private/stores');
  expect(response.status).toBe(200);
});

it("gives the live stream the page's position once, and only for the store the page was made for", async () => {
  const fresh = async (storeId: number) => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'live-position';
    element.textContent = JSON.stringify({ storeId, lastEventId: '42' });
    document.body.append(element);
    vi.resetModules();
    return (await import('../../../src/web/api/first-answers')).takeLivePosition;
  };
  // A second after the page opened.
  const now = vi.spyOn(performance, 'now').mockReturnValue(1000);
  try {
    const take = await fresh(1);
    expect(take(1)).toBe('42');
    expect(document.getElementById('live-position')).toBeNull();
    // Taken once: a later stream of the same store starts as any other.
    expect(take(1)).toBeUndefined();
    expect((await fresh(1))(2)).toBeUndefined();
  } finally {
    now.mockRestore();
  }
});
