import { describe, expect, it } from 'vitest';
import { formatTypedNumber, parseTypedNumber } from '../../../src/web/ui/number-text';

describe('a number as a merchant types it', () => {
  it('groups thousands with dots as it is typed, as the app writes counts', () => {
    expect(formatTypedNumber('1234567')).toBe('1.234.567');
    expect(formatTypedNumber('1.234.56')).toBe('123.456');
    expect(formatTypedNumber('12345')).toBe('12.345');
    expect(formatTypedNumber('5000')).toBe('5000');
    expect(formatTypedNumber('-1500000')).toBe('-1.500.000');
    expect(formatTypedNumber('0012')).toBe('12');
    expect(formatTypedNumber('1234567,5')).toBe('1.234.567,5');
    expect(formatTypedNumber('')).toBe('');
  });

  it('takes what is pasted or typed along: dots, spaces and a $ sign', () => {
    for (const typed of ['$1.234.567', '$ 1.234.567', '1 234 567', '1.234.567', ' 1234567 '])
      expect(parseTypedNumber(typed)).toBe(1_234_567);
    expect(formatTypedNumber('$ 1 234 567')).toBe('1.234.567');
    expect(parseTypedNumber('1.234,5')).toBe(1234.5);
    expect(parseTypedNumber('-20')).toBe(-20);
  });

  it('keeps a number too long to count exactly as typed, never rounding it into another', () => {
    expect(formatTypedNumber('999999999999999999')).toBe('999.999.999.999.999.999');
    expect(parseTypedNumber('999999999999999999')).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
  });

  it('says what is not a number is not one, and leaves its text alone', () => {
    for (const typed of ['', '   ', 'abc', '12a', '$', '-', '1,2,3']) expect(parseTypedNumber(typed)).toBeNaN();
    expect(formatTypedNumber('12a')).toBe('12a');
  });
});
