import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllNamespaces } from '../../../src/web/i18n';
import { LazyToaster } from '../../../src/web/ui/lazy-toaster';
import { createAppToaster } from '../../../src/web/ui/toaster';

beforeAll(loadAllNamespaces);

describe('LazyToaster', () => {
  it('waits for the page to be idle before drawing the region, even with its code at hand', async () => {
    // The test browser has no idle callback: the wait is the next turn of the event loop.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await import('../../../src/web/ui/toast');
      render(<LazyToaster toaster={createAppToaster()} />);
      await act(async () => {
        await new Promise<void>((resolve) => queueMicrotask(resolve));
      });
      expect(screen.queryByRole('region')).toBeNull();
      await act(async () => {
        vi.runAllTimers();
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('region')).toBeTruthy();
  });

  it('shows a toast asked for before the region arrived', async () => {
    const toaster = createAppToaster();
    toaster.show({ status: 'success', message: 'Inversión guardada' });
    render(<LazyToaster toaster={toaster} />);
    expect(await screen.findByText('Inversión guardada')).toBeTruthy();
  });
});
