import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appHttp } from '../../../../mocks/handlers/clients';
import { MEDIA_LIMITS } from '../../../../src/shared/constants';
import { uploadAdMedia } from '../../../../src/web/features/ad-campaigns/api/campaign-form';
import { setupMockServer } from '../../msw';

const server = setupMockServer();

describe('uploadAdMedia', () => {
  it('sends files chosen together a few at a time, as the server takes them, the others waiting their turn', async () => {
    const answering: (() => void)[] = [];
    const received: string[] = [];
    server.use(
      appHttp.post('/private/stores/{id}/adMedia', async ({ query, response }) => {
        const name = query.get('name') ?? '';
        received.push(name);
        await new Promise<void>((resolve) => answering.push(resolve));
        return response(201).json({
          id: received.indexOf(name) + 1,
          kind: 'image',
          name,
          bytes: 4,
          width: 1080,
          height: 1080,
          durationSeconds: null,
        });
      }),
    );
    const names = ['uno.png', 'dos.png', 'tres.png', 'cuatro.png'];
    const uploads = names.map((name) => uploadAdMedia(7, new File(['ab'], name, { type: 'image/png' })));

    await waitFor(() => expect(received).toEqual(names.slice(0, MEDIA_LIMITS.uploadsAtOnce)));
    answering.shift()!();
    // One ended: the next in line takes its place, and still no more than the server takes are on their way.
    await waitFor(() => expect(received).toEqual(names.slice(0, MEDIA_LIMITS.uploadsAtOnce + 1)));
    expect(answering).toHaveLength(MEDIA_LIMITS.uploadsAtOnce);
    while (received.length < names.length || answering.length > 0) {
      await waitFor(() => expect(answering.length).toBeGreaterThan(0));
      answering.shift()!();
    }
    expect((await Promise.all(uploads)).map((media) => media.name)).toEqual(names);
  });
});
