import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettled } from '../../../src/web/lib/use-settled';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const settle = (value: { text: string }, key: string | null) => ({ value, key });

describe('useSettled', () => {
  it('passes the first value at once, and a new one only once it has stayed for the delay', () => {
    const { result, rerender } = renderHook(({ value, key }) => useSettled(value, key, 300), { initialProps: settle({ text: 'a' }, 'a') });
    expect(result.current.value.text).toBe('a');
    rerender(settle({ text: 'ab' }, 'ab'));
    act(() => vi.advanceTimersByTime(200));
    rerender(settle({ text: 'abc' }, 'abc'));
    act(() => vi.advanceTimersByTime(200));
    expect(result.current.key).toBe('a');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toEqual({ value: { text: 'abc' }, key: 'abc' });
  });

  it('settles on the latest value given for the key, however often it was made again', () => {
    const { result, rerender } = renderHook(({ value, key }) => useSettled(value, key, 300), { initialProps: settle({ text: 'a' }, 'a') });
    rerender(settle({ text: 'b' }, 'b'));
    act(() => vi.advanceTimersByTime(200));
    const latest = { text: 'b' };
    rerender(settle(latest, 'b'));
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.value).toBe(latest);
  });

  it('keeps the last settled value while there is nothing to settle on, and passes the first key after none at once', () => {
    const { result, rerender } = renderHook(({ value, key }) => useSettled(value, key, 300), { initialProps: settle({ text: '' }, null) });
    expect(result.current.key).toBe(null);
    rerender(settle({ text: 'a' }, 'a'));
    expect(result.current.key).toBe('a');
    rerender(settle({ text: 'broken' }, null));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toEqual({ value: { text: 'a' }, key: 'a' });
  });
});
