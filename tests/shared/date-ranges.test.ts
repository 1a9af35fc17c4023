import { describe, expect, it } from 'vitest';
import {
  bucketStarts,
  DATE_RANGE_PRESETS,
  defaultGranularity,
  granularitiesFor,
  matchPreset,
  presetRange,
  previousPeriod,
  rangeLength,
} from '../../src/shared/date-ranges';

// A Sunday in the first quarter, like the day Storybook freezes.
const today = '2026-03-15';

describe('presetRange', () => {
  it.each([
    ['last7Days', '2026-03-09', '2026-03-15'],
    ['last30Days', '2026-02-14', '2026-03-15'],
    ['last12Weeks', '2025-12-22', '2026-03-15'],
    ['last12Months', '2025-03-16', '2026-03-15'],
    ['previousMonth', '2026-02-01', '2026-02-28'],
    ['previousYear', '2025-01-01', '2025-12-31'],
    ['weekToDate', '2026-03-09', '2026-03-15'],
    ['monthToDate', '2026-03-01', '2026-03-15'],
    ['quarterToDate', '2026-01-01', '2026-03-15'],
    ['yearToDate', '2026-01-01', '2026-03-15'],
  ] as const)('%s on %s', (preset, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });

  it('counts the days the presets promise', () => {
    expect(rangeLength(presetRange('last7Days', today))).toBe(7);
    expect(rangeLength(presetRange('last30Days', today))).toBe(30);
    expect(rangeLength(presetRange('last12Weeks', today))).toBe(84);
  });

  it('starts weeks on Monday: on a Monday the week so far is that one day', () => {
    expect(presetRange('weekToDate', '2026-03-16')).toEqual({ from: '2026-03-16', to: '2026-03-16' });
  });

  it('handles month and year edges', () => {
    expect(presetRange('previousMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('previousMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('quarterToDate', '2026-05-20')).toEqual({ from: '2026-04-01', to: '2026-05-20' });
    expect(presetRange('yearToDate', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });
});

describe('previousPeriod', () => {
  it('is the same number of days right before the range', () => {
    expect(previousPeriod({ from: '2026-03-09', to: '2026-03-15' })).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    const month = previousPeriod(presetRange('monthToDate', today));
    expect(month).toEqual({ from: '2026-02-14', to: '2026-02-28' });
  });
});

describe('matchPreset', () => {
  it('recognises every preset and calls anything else custom', () => {
    for (const preset of DATE_RANGE_PRESETS) {
      const found = matchPreset(presetRange(preset, today), today);
      // weekToDate and last7Days coincide on a Sunday: the first in the list wins.
      expect(presetRange(found as typeof preset, today)).toEqual(presetRange(preset, today));
    }
    expect(matchPreset({ from: '2026-03-02', to: '2026-03-04' }, today)).toBe('custom');
  });
});

describe('granularities', () => {
  it('offers only readable granularities for a range', () => {
    expect(granularitiesFor(presetRange('last7Days', today))).toEqual(['day']);
    expect(granularitiesFor(presetRange('last30Days', today))).toEqual(['day', 'week']);
    expect(granularitiesFor(presetRange('last12Weeks', today))).toEqual(['day', 'week', 'month']);
    expect(granularitiesFor(presetRange('last12Months', today))).toEqual(['week', 'month']);
    expect(granularitiesFor({ from: '2023-01-01', to: '2026-03-15' })).toEqual(['month', 'year']);
  });
  it('opens with the finest one', () => {
    expect(defaultGranularity(presetRange('last12Months', today))).toBe('week');
    expect(defaultGranularity(presetRange('last7Days', today))).toBe('day');
  });
});

describe('bucketStarts', () => {
  it('lists every day of a range', () => {
    expect(bucketStarts({ from: '2026-02-27', to: '2026-03-02' }, 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('starts weeks on Monday, the first one clipped to the range', () => {
    // 2026-03-04 is a Wednesday.
    expect(bucketStarts({ from: '2026-03-04', to: '2026-03-23' }, 'week')).toEqual([
      '2026-03-04',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
    ]);
  });

  it('starts months and years on their first day', () => {
    expect(bucketStarts({ from: '2025-11-20', to: '2026-01-05' }, 'month')).toEqual(['2025-11-20', '2025-12-01', '2026-01-01']);
    expect(bucketStarts({ from: '2024-06-01', to: '2026-03-15' }, 'year')).toEqual(['2024-06-01', '2025-01-01', '2026-01-01']);
  });
});
