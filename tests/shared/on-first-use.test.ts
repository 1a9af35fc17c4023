import { describe, expect, it, vi } from 'vitest';
import { onFirstUse } from '../../src/shared/format/on-first-use';

describe('onFirstUse', () => {
  it('makes nothing until asked, then makes the value once', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = onFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledOnce();
  });
});
