import { useTranslation } from 'react-i18next';
import { formatDateRange } from '../../shared/format';
import type { DateRangeValue } from './date-range-value';
import { CalendarIcon } from './icons';
import * as DateRangeTriggerParts from './parts/date-range-trigger';

/** What the date-range picker's trigger shows and is named by: the preset and its days. */
export function useDateRangeTriggerName(value: DateRangeValue): string {
  const { t } = useTranslation('dates');
  return `${t(`presets.${value.preset}`)} ${formatDateRange(value.range.from, value.range.to)}`;
}

/**
 * The inside of the trigger, the same on the real picker and on its stand-in while the calendar loads;
 * under either one's root (both share one style context).
 */
export function DateRangeTriggerContent({ value }: { value: DateRangeValue }) {
  const { t } = useTranslation('dates');
  return (
    <>
      <CalendarIcon />
      <DateRangeTriggerParts.TriggerText>{t(`presets.${value.preset}`)}</DateRangeTriggerParts.TriggerText>{' '}
      <DateRangeTriggerParts.TriggerRange>{formatDateRange(value.range.from, value.range.to)}</DateRangeTriggerParts.TriggerRange>
    </>
  );
}
