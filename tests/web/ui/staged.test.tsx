import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Staged } from '../../../src/web/ui/staged';

describe('Staged', () => {
  it('draws every part, in order, and is no longer busy once the last is drawn', async () => {
    const { container } = render(
      <Staged>
        <p>primera</p>
        <p>segunda</p>
        <p>tercera</p>
      </Staged>,
    );
    const wrapper = container.firstElementChild!;
    await waitFor(() => expect(wrapper.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getAllByRole('paragraph').map((part) => part.textContent)).toEqual(['primera', 'segunda', 'tercera']);
  });

  it('calls onStart once, when the browser is idle, however often it renders again', async () => {
    const onStart = vi.fn();
    const { rerender, container } = render(
      <Staged onStart={onStart}>
        <p>primera</p>
        <p>segunda</p>
      </Staged>,
    );
    expect(onStart).not.toHaveBeenCalled();
    await waitFor(() => expect(container.firstElementChild!.getAttribute('aria-busy')).toBe('false'));
    rerender(
      <Staged onStart={onStart}>
        <p>primera</p>
        <p>segunda</p>
        <p>tercera</p>
      </Staged>,
    );
    await screen.findByText('tercera');
    await waitFor(() => expect(onStart).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onStart).toHaveBeenCalledOnce();
  });
});
