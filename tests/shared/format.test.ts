import { describe, expect, it } from 'vitest';
import {
  EMPTY_VALUE,
  fileSize,
  formatClp,
  formatCount,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDays,
  formatList,
  formatPercent,
  formatPercentage,
  formatPercentagePoints,
  formatPeriod,
  formatPhone,
  formatUsd,
} from '../../src/shared/format';

describe('formatClp', () => {
  it('writes pesos as es-CL does, without decimals', () => {
    expect(formatClp(12345)).toBe('$12.345');
    expect(formatClp(0)).toBe('$0');
    expect(formatClp(1234567890)).toBe('$1.234.567.890');
  });
  it('rounds fractions of a peso away', () => {
    expect(formatClp(999.6)).toBe('$1.000');
  });
  it('keeps the sign of a negative amount', () => {
    expect(formatClp(-5000)).toContain('5.000');
    expect(formatClp(-5000)).toContain('-');
  });
  it('shows a dash for a missing value', () => {
    expect(formatClp(null)).toBe(EMPTY_VALUE);
    expect(formatClp(undefined)).toBe(EMPTY_VALUE);
    expect(formatClp(Number.NaN)).toBe(EMPTY_VALUE);
    expect(formatClp(Number.POSITIVE_INFINITY)).toBe(EMPTY_VALUE);
  });
});

describe('formatUsd', () => {
  it('shows cents and keeps the message price precise', () => {
    expect(formatUsd(49)).toBe('US$49,00');
    expect(formatUsd(0.0889)).toBe('US$0,0889');
    expect(formatUsd(0)).toBe('US$0,00');
    expect(formatUsd(null)).toBe(EMPTY_VALUE);
  });
});

describe('formatList', () => {
  it('joins items as a sentence', () => {
    expect(formatList(['2025'])).toBe('2025');
    expect(formatList(['2024', '2025', '2026'])).toBe('2024, 2025 y 2026');
  });
});

describe('formatPercentagePoints', () => {
  it('signs a difference of rates in percentage points', () => {
    expect(formatPercentagePoints(3.24)).toBe('+3,2 pp');
    expect(formatPercentagePoints(-12)).toBe('-12 pp');
    expect(formatPercentagePoints(0)).toBe('0 pp');
    expect(formatPercentagePoints(null)).toBe(EMPTY_VALUE);
  });
});

describe('formatPercent', () => {
  it('writes ratios as percentages with one decimal at most', () => {
    expect(formatPercent(0.1234)).toMatch(/^12,3\s?%$/);
    expect(formatPercent(0)).toMatch(/^0\s?%$/);
    expect(formatPercent(-0.05)).toMatch(/^-5\s?%$/);
  });
  it('signs a change when asked', () => {
    expect(formatPercent(0.12, { signed: true })).toMatch(/^\+12\s?%$/);
    expect(formatPercent(-0.12, { signed: true })).toMatch(/^-12\s?%$/);
    expect(formatPercent(0, { signed: true })).toMatch(/^0\s?%$/);
  });
  it('shows a dash for NaN (a change against zero)', () => {
    expect(formatPercent(Number.NaN)).toBe(EMPTY_VALUE);
  });
});

describe('formatDays', () => {
  it('writes singular and plural days', () => {
    expect(formatDays(1)).toBe('1 día');
    expect(formatDays(12.5)).toBe('12,5 días');
    expect(formatDays(0)).toBe('0 días');
    expect(formatDays(null)).toBe(EMPTY_VALUE);
  });
});

describe('formatCount', () => {
  it('groups thousands with dots', () => {
    expect(formatCount(12345)).toBe('12.345');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(-1500)).toMatch(/^-1\.500$/);
    expect(formatCount(1_000_000)).toBe('1.000.000');
    expect(formatCount(Number.NaN)).toBe(EMPTY_VALUE);
  });
});

describe('formatDate and formatDateRange', () => {
  it('writes a calendar day without shifting it by the time zone', () => {
    expect(formatDate('2026-03-01')).toBe('1 mar 2026');
    expect(formatDate('2026-12-31')).toBe('31 dic 2026');
  });
  it('writes an instant as the day it is in Chile', () => {
    // 02:00 UTC on the 16th is still the 15th in Santiago (UTC-3).
    expect(formatDate('2026-03-16T02:00:00Z')).toBe('15 mar 2026');
    expect(formatDate(new Date('2026-03-15T12:00:00-03:00'))).toBe('15 mar 2026');
  });
  it('shows a dash for missing or unreadable dates', () => {
    expect(formatDate(null)).toBe(EMPTY_VALUE);
    expect(formatDate('')).toBe(EMPTY_VALUE);
    expect(formatDate('not a date')).toBe(EMPTY_VALUE);
    expect(formatDateRange('2026-03-01', null)).toBe(EMPTY_VALUE);
  });
  it('writes the shared parts of a range once', () => {
    expect(formatDateRange('2026-03-01', '2026-03-15')).toMatch(/^1\s–\s15 de mar de 2026$/);
    expect(formatDateRange('2026-02-14', '2026-03-15')).toBe('14 de feb al 15 de mar de 2026');
    expect(formatDateRange('2025-12-01', '2026-01-31')).toBe('1 de dic de 2025 al 31 de ene de 2026');
    expect(formatDateRange('2026-03-15', '2026-03-15')).toBe('15 mar 2026');
  });
});

describe('formatDateTime', () => {
  it("writes an instant in Chile by default, or in the time zone the store's answer names", () => {
    expect(formatDateTime('2026-03-15T15:00:00Z')).toBe('15 mar 2026, 12:00');
    expect(formatDateTime('2026-03-15T15:00:00Z', 'America/Mexico_City')).toBe('15 mar 2026, 09:00');
    expect(formatDateTime('2026-03-16T02:30:00Z', 'America/Santiago')).toBe('15 mar 2026, 23:30');
    expect(formatDateTime(null, 'America/Santiago')).toBe(EMPTY_VALUE);
  });
});

describe('formatPeriod', () => {
  it('names a point of a series by its granularity', () => {
    expect(formatPeriod('2026-03-15', 'day')).toBe('15 mar');
    expect(formatPeriod('2026-03-09', 'week')).toBe('9 mar');
    expect(formatPeriod('2026-03-01', 'month')).toBe('mar 2026');
    expect(formatPeriod('2026-01-01', 'year')).toBe('2026');
    expect(formatPeriod('2026-09-01', 'monthOfYear')).toBe('sept.');
  });

  it('shows a dash for what is not a day', () => {
    expect(formatPeriod('', 'day')).toBe(EMPTY_VALUE);
  });
});

describe('formatPercentage', () => {
  it('writes a 0–100 percentage as es-CL does', () => {
    expect(formatPercentage(38.4)).toBe(formatPercent(0.384));
    expect(formatPercentage(null)).toBe(EMPTY_VALUE);
  });
});

describe('fileSize', () => {
  it('names a file in the unit that reads best, with a decimal comma below 10', () => {
    expect(fileSize(0)).toEqual({ unit: 'bytes', size: '0' });
    expect(fileSize(900)).toEqual({ unit: 'bytes', size: '900' });
    expect(fileSize(1536)).toEqual({ unit: 'kilobytes', size: '1,5' });
    expect(fileSize(15 * 1024 + 100)).toEqual({ unit: 'kilobytes', size: '15' });
    expect(fileSize(334 * 1024)).toEqual({ unit: 'kilobytes', size: '334' });
    expect(fileSize(1024 * 1024 - 1)).toEqual({ unit: 'megabytes', size: '1' });
    expect(fileSize(2.25 * 1024 * 1024)).toEqual({ unit: 'megabytes', size: '2,3' });
    expect(fileSize(48 * 1024 * 1024)).toEqual({ unit: 'megabytes', size: '48' });
  });
});

describe('formatPhone', () => {
  it('groups a Chilean number as Meta displays the store’s own, and leaves any other as it is', () => {
    expect(formatPhone('+56912345678')).toBe('+56 9 1234 5678');
    expect(formatPhone('+56221234567')).toBe('+56 2 2123 4567');
    expect(formatPhone('+5491123456789')).toBe('+5491123456789');
    expect(formatPhone('+5691234')).toBe('+5691234');
  });
});
