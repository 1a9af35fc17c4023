import { describe, expect, it } from 'vitest';
import {
  bucketStarts,
  buckets,
  comparisonRange,
  DATE_RANGE_PRESETS,
  defaultGranularity,
  granularitiesFor,
  matchPreset,
  periodBefore,
  presetRange,
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

describe('periodBefore', () => {
  const before = (preset: Parameters<typeof presetRange>[0], on = today) => periodBefore(presetRange(preset, on), preset);

  it('steps the rolling presets back by their own length, just before', () => {
    expect(before('last7Days')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(before('last30Days')).toEqual({ from: '2026-01-15', to: '2026-02-13' });
    expect(before('last12Weeks')).toEqual({ from: '2025-09-29', to: '2025-12-21' });
    expect(before('last12Months')).toEqual({ from: '2024-03-16', to: '2025-03-15' });
  });

  it('compares the calendar presets with the calendar period before', () => {
    expect(before('previousMonth')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(before('previousMonth', '2026-04-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(before('previousMonth', '2026-03-10')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(before('previousYear')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('compares the "to date" presets with the same days of the period before', () => {
    // Wednesday 18 March: Monday to Wednesday of the week before.
    expect(before('weekToDate', '2026-03-18')).toEqual({ from: '2026-03-09', to: '2026-03-11' });
    expect(before('monthToDate', '2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-10-24' });
    expect(before('quarterToDate', '2026-11-24')).toEqual({ from: '2026-07-01', to: '2026-08-24' });
    expect(before('yearToDate', '2026-11-24')).toEqual({ from: '2025-01-01', to: '2025-11-24' });
    // A day the month before lacks reads as its last day; a month's last day as the whole month before.
    expect(before('monthToDate', '2026-03-30')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(before('monthToDate', '2026-04-30')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('steps a custom range of whole months back by as many months, and any other by its length', () => {
    expect(periodBefore({ from: '2026-09-01', to: '2026-09-30' }, null)).toEqual({ from: '2026-08-01', to: '2026-08-31' });
    expect(periodBefore({ from: '2026-01-01', to: '2026-03-31' }, null)).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(periodBefore({ from: '2026-03-01', to: '2026-03-01' }, null)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(periodBefore({ from: '2026-03-05', to: '2026-03-31' }, null)).toEqual({ from: '2026-02-06', to: '2026-03-04' });
  });
});

describe('comparisonRange', () => {
  it('is the period before, or the same dates a year earlier', () => {
    const month = presetRange('monthToDate', '2026-11-24');
    expect(comparisonRange(month, 'monthToDate', 'previousPeriod')).toEqual({ from: '2026-10-01', to: '2026-10-24' });
    expect(comparisonRange(month, 'monthToDate', 'samePeriodLastYear')).toEqual({ from: '2025-11-01', to: '2025-11-24' });
    expect(comparisonRange({ from: '2028-02-01', to: '2028-02-29' }, null, 'samePeriodLastYear')).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    });
    expect(comparisonRange({ from: '2028-02-23', to: '2028-02-29' }, 'last7Days', 'samePeriodLastYear')).toEqual({
      from: '2027-02-23',
      to: '2027-02-28',
    });
  });
});

describe('buckets', () => {
  it('marks the periods the range cuts and the one not over yet as partial', () => {
    // Last 12 months by week on Tuesday 24 November 2026: the first week starts on a Wednesday, the last is this week.
    const weeks = buckets(presetRange('last12Months', '2026-11-24'), 'week', '2026-11-24');
    expect(weeks[0]).toEqual({ period: '2025-11-25', partial: true });
    expect(weeks[1]).toEqual({ period: '2025-12-01', partial: false });
    expect(weeks.at(-1)).toEqual({ period: '2026-11-23', partial: true });
    expect(weeks.filter((week) => week.partial)).toHaveLength(2);
    expect(buckets({ from: '2026-01-01', to: '2026-03-31' }, 'month', '2026-11-24').map((month) => month.partial)).toEqual([
      false,
      false,
      false,
    ]);
    expect(buckets({ from: '2026-11-22', to: '2026-11-24' }, 'day', '2026-11-24').map((one) => one.partial)).toEqual([false, false, true]);
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
