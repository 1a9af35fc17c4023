import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Loadable } from '../../../src/web/api/loadable';
import { kpiStateOf } from '../../../src/web/ui/kpi';
import { LoadableView } from '../../../src/web/ui/loadable-view';
import { renderWithProviders } from '../render';

const view = (loadable: Loadable<string>, props: { onRetry?: () => void; error?: (failed: ReactElement) => ReactNode } = {}) =>
  renderWithProviders(
    <LoadableView loadable={loadable} loading="Cargando…" {...props}>
      {(data) => `Datos: ${data}`}
    </LoadableView>,
  );

describe('LoadableView', () => {
  it('shows what stands in while the data loads, then the content made of the data', async () => {
    const { container, rerender } = await view({ status: 'loading' });
    expect(container.textContent).toBe('Cargando…');
    rerender(
      <LoadableView loadable={{ status: 'success', data: 'listos' }} loading="Cargando…">
        {(data) => `Datos: ${data}`}
      </LoadableView>,
    );
    expect(container.textContent).toBe('Datos: listos');
  });

  it('says a failed load in the words of its cause, with the retry the screen offers', async () => {
    const onRetry = vi.fn();
    await view({ status: 'error', cause: 'network' }, { onRetry });
    expect(screen.getByRole('alert').textContent).toContain('Sin conexión con Recompra');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('frames the failed-load state as the screen asks, or gives way to its own words', async () => {
    await view(
      { status: 'error', cause: 'server' },
      { onRetry: () => {}, error: (failed) => <section aria-label="Marco">{failed}</section> },
    );
    const frame = screen.getByRole('region', { name: 'Marco' });
    expect(frame.textContent).toContain('No pudimos cargar esta información.');
    expect(frame.querySelector('button')?.textContent).toBe('Reintentar');
    cleanup();
    const { container } = await view({ status: 'error', cause: 'server' }, { error: () => 'Meta no respondió' });
    expect(container.textContent).toBe('Meta no respondió');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('kpiStateOf', () => {
  it('reads the figure from the data once it is here, and is loading or failed as the data is', () => {
    const read = (data: { total: number }) => `${data.total} clientes`;
    expect(kpiStateOf({ status: 'success', data: { total: 3 } }, read)).toEqual({ status: 'success', value: '3 clientes' });
    expect(kpiStateOf({ status: 'loading' }, read)).toEqual({ status: 'loading' });
    expect(kpiStateOf({ status: 'error', cause: 'network' }, read)).toEqual({ status: 'error', cause: 'network' });
  });
});
