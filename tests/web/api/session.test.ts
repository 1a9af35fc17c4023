import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionUsers } from '../../../mocks/fixtures/session';
import { meAs, meFails, meWithoutSession } from '../../../mocks/handlers/session';
import { appClient } from '../../../src/web/api/clients';
import { ApiError } from '../../../src/web/api/errors';
import { fetchSessionUser } from '../../../src/web/api/session';
import { setupMockServer } from '../msw';

const server = setupMockServer();

describe('fetchSessionUser', () => {
  it('returns the user on 200', async () => {
    server.use(meAs(sessionUsers.colaborator));
    await expect(fetchSessionUser()).resolves.toEqual(sessionUsers.colaborator);
  });

  it('returns null on 204', async () => {
    server.use(meWithoutSession());
    await expect(fetchSessionUser()).resolves.toBeNull();
  });

  it('throws an ApiError carrying the status and body on 500', async () => {
    server.use(meFails());
    const error = await fetchSessionUser().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, kind: 'SERVER_ERROR', code: 'internal_error' });
  });

  it('throws an ApiError with status 0 on a network failure', async () => {
    server.use(http.get('*/api/auth/me', () => HttpResponse.error()));
    const error = await fetchSessionUser().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, kind: 'NETWORK_ERROR' });
  });
});

describe('CSRF header', () => {
  afterEach(() => {
    document.cookie = 'recompra_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends the cookie value on state-changing calls only', async () => {
    document.cookie = 'recompra_csrf=token-123; path=/';
    const seen: Record<string, string | null> = {};
    server.use(
      http.patch('*/api/private/me/stores', ({ request }) => {
        seen.patch = request.headers.get('x-csrf-token');
        return HttpResponse.json(sessionUsers.admin);
      }),
      http.get('*/api/private/stores', ({ request }) => {
        seen.get = request.headers.get('x-csrf-token');
        return HttpResponse.json([]);
      }),
    );
    await appClient.PATCH('/private/me/stores', { body: { storeId: 1 } });
    await appClient.GET('/private/stores');
    expect(seen).toEqual({ patch: 'token-123', get: null });
  });
});
