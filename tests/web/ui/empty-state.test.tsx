import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/web/ui/button';
import { EmptyState, LoadErrorState } from '../../../src/web/ui/empty-state';
import { renderWithProviders } from '../render';

describe('LoadErrorState', () => {
  it('tells the merchant to check their connection when no answer came back, and offers a retry', async () => {
    const onRetry = vi.fn();
    await renderWithProviders(<LoadErrorState cause="network" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Sin conexión con Recompra');
    expect(alert.textContent).toContain('No pudimos conectarnos. Revisa tu conexión a internet e inténtalo de nuevo.');
    expect(alert.textContent).not.toContain('No pudimos cargar esta información.');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says the information could not be loaded when the failure was ours, as by default', async () => {
    await renderWithProviders(<LoadErrorState onRetry={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('No pudimos cargar esta información.');
    expect(alert.textContent).not.toContain('Sin conexión con Recompra');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});

describe('EmptyState', () => {
  it('offers the main way out first and the second one after it', async () => {
    const onMain = vi.fn();
    const onSecond = vi.fn();
    await renderWithProviders(
      <EmptyState
        title="Sin ventas en este período"
        action={<Button onClick={onMain}>Ver los últimos 12 meses</Button>}
        secondaryAction={
          <Button variant="outline" onClick={onSecond}>
            Revisar la conexión
          </Button>
        }
      />,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Ver los últimos 12 meses', 'Revisar la conexión']);
    fireEvent.click(screen.getByRole('button', { name: 'Revisar la conexión' }));
    expect(onSecond).toHaveBeenCalledOnce();
    expect(onMain).not.toHaveBeenCalled();
  });
});
