import type { DateRange, DateRangePreset, Granularity } from '../../shared/date-ranges';

/**
 * What the date-range picker holds: the range, the preset it came from and the chart granularity.
 * Its own module because both the picker and its trigger (drawn before the picker loads) read it.
 */
export interface DateRangeValue {
  range: DateRange;
  preset: DateRangePreset | 'custom';
  granularity: Granularity;
}
