import { QueryClient, skipToken } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { appClient } from '../../../src/web/api/clients';
import { ApiError } from '../../../src/web/api/errors';
import { collaboratorKeys } from '../../../src/web/api/keys';
import { storeQuery, whenKnown } from '../../../src/web/api/store-query';
import { setupMockServer } from '../msw';

const server = setupMockServer();

describe('whenKnown', () => {
  it('waits while any value the request needs is missing', () => {
    const fetch = vi.fn(async () => 'answer');
    expect(whenKnown([undefined], fetch)).toBe(skipToken);
    expect(whenKnown([7, null], fetch)).toBe(skipToken);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks with the values and the query signal once all are known, an empty text and zero included', async () => {
    const fetch = vi.fn(async (values: readonly [number, string], _signal: AbortSignal) => values.join('/'));
    const queryFn = whenKnown([0, ''] as const, fetch);
    expect(queryFn).not.toBe(skipToken);
    const client = new QueryClient();
    await expect(client.fetchQuery({ queryKey: ['probe'], queryFn })).resolves.toBe('0/');
    expect(fetch).toHaveBeenCalledWith([0, ''], expect.any(AbortSignal));
  });
});

describe('storeQuery', () => {
  const teamOf = (storeId: number | undefined) =>
    storeQuery(collaboratorKeys.list(storeId), storeId, (id, signal) =>
      appClient.GET('/private/stores/{id}/members', { params: { path: { id } }, signal }),
    );

  it('waits until the session names the store', () => {
    expect(teamOf(undefined)).toMatchObject({ queryKey: collaboratorKeys.list(undefined), queryFn: skipToken });
  });

  it("asks for the store's data with its id, and fails with the answer's ApiError", async () => {
    server.use(
      http.get('*/api/private/stores/:id/members', ({ params }) =>
        params.id === '7' ? HttpResponse.json({ message: 'No', code: 'forbidden' }, { status: 403 }) : HttpResponse.error(),
      ),
    );
    const error = await new QueryClient().fetchQuery(teamOf(7)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
  });
});
