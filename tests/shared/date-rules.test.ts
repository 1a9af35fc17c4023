import { describe, expect, it } from 'vitest';
import {
  CALENDAR_YEARS,
  FIRST_CALENDAR_DAY,
  isCalendarDate,
  isCalendarDateTime,
  isCalendarYear,
  isIsoDate,
  LAST_CALENDAR_DAY,
} from '../../src/shared/date-rules';

describe('the calendar every date a client sends keeps to', () => {
  it('runs from the first day of 2000 to the last of 2100', () => {
    expect(CALENDAR_YEARS).toEqual({ first: 2000, last: 2100 });
    expect([FIRST_CALENDAR_DAY, LAST_CALENDAR_DAY]).toEqual(['2000-01-01', '2100-12-31']);
  });

  it('takes real days within it, its ends included', () => {
    for (const day of ['2000-01-01', '2100-12-31', '2024-02-29', '2026-03-15']) expect(isCalendarDate(day)).toBe(true);
    for (const day of ['1999-12-31', '2101-01-01', '0000-01-01', '9999-12-31', null, 20260315, '2026-3-15'])
      expect(isCalendarDate(day)).toBe(false);
  });

  // Real, however far, is the format's question; within 2000-2100 is the calendar's.
  it.each([
    ['2026-02-29', false, false],
    ['2026-04-31', false, false],
    ['2026-13-01', false, false],
    ['0000-01-01', true, false],
    ['0099-02-28', true, false],
    ['2024-02-29', true, true],
  ])('tells a day that is not real from one out of the calendar: %s', (day, real, inCalendar) => {
    expect(isIsoDate(day)).toBe(real);
    expect(isCalendarDate(day)).toBe(inCalendar);
  });

  it.each([
    ['2000-01-01T00:00:00Z', true],
    ['2100-12-31T23:59:00-03:00', true],
    ['1999-12-31T23:59:59Z', false],
    ['0000-01-01T00:00:00Z', false],
    ['+010000-01-01T00:00:00Z', false],
  ])('reads a date-time’s year as written: %s', (dateTime, inCalendar) => {
    expect(isCalendarDateTime(dateTime)).toBe(inCalendar);
  });

  it('takes whole years within it', () => {
    for (const year of [2000, 2026, 2100]) expect(isCalendarYear(year)).toBe(true);
    for (const year of [1999, 2101, 0, 2025.5, Number.NaN]) expect(isCalendarYear(year)).toBe(false);
  });
});
