import { useTranslation } from 'react-i18next';
import { dateRangePicker } from 'styled-system/recipes';
import { formatDateRange } from '../../shared/format';
import type { DateRangeValue } from './date-range-value';
import { CalendarIcon } from './icons';

/** What the date-range picker's trigger shows and is named by: the preset and its days. */
export function useDateRangeTriggerName(value: DateRangeValue): string {
  const { t } = useTranslation('dates');
  return `${t(`presets.${value.preset}`)} ${formatDateRange(value.range.from, value.range.to)}`;
}

/** The inside of the trigger, the same on the real picker and on its stand-in while the calendar loads. */
export function DateRangeTriggerContent({ value }: { value: DateRangeValue }) {
  const { t } = useTranslation('dates');
  const classes = dateRangePicker();
  return (
    <>
      <CalendarIcon />
      <span className={classes.triggerText}>{t(`presets.${value.preset}`)}</span>{' '}
      <span className={classes.triggerRange}>{formatDateRange(value.range.from, value.range.to)}</span>
    </>
  );
}
