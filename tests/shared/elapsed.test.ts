import { describe, expect, it } from 'vitest';
import { elapsedSince } from '../../src/shared/format/elapsed';

const NOW = Date.parse('2026-03-15T15:00:00Z');

describe('elapsedSince', () => {
  it('says "just now" under a minute, and for a clock slightly ahead of ours', () => {
    expect(elapsedSince('2026-03-15T14:59:30Z', NOW)).toEqual({ unit: 'justNow' });
    expect(elapsedSince('2026-03-15T15:00:05Z', NOW)).toEqual({ unit: 'justNow' });
  });

  it('counts whole minutes, then hours, then days', () => {
    expect(elapsedSince('2026-03-15T14:58:00Z', NOW)).toEqual({ unit: 'minutes', count: 2 });
    expect(elapsedSince('2026-03-15T14:00:01Z', NOW)).toEqual({ unit: 'minutes', count: 59 });
    expect(elapsedSince('2026-03-15T06:00:00Z', NOW)).toEqual({ unit: 'hours', count: 9 });
    expect(elapsedSince(new Date('2026-03-14T06:00:00Z'), NOW)).toEqual({ unit: 'days', count: 1 });
  });

  it('treats an unreadable instant as "just now" rather than a nonsense count', () => {
    expect(elapsedSince('no es una fecha', NOW)).toEqual({ unit: 'justNow' });
  });
});
