import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangePicker } from 'styled-system/recipes';
import { formatDateRange } from '../../shared/format';
import type { DateRangePickerProps } from './date-range-picker';
import { CalendarIcon } from './icons';

// The calendar is most of a page's first load (date machine, locale data); it loads on first click.
const DateRangePicker = lazy(() => import('./date-range-picker').then((module) => ({ default: module.DateRangePicker })));

/**
 * The date-range picker, drawn as its closed trigger until the merchant first opens it; then the
 * real picker loads and opens where the trigger was.
 */
export function LazyDateRangePicker(props: DateRangePickerProps) {
  const { t } = useTranslation('dates');
  const [wanted, setWanted] = useState(Boolean(props.defaultOpen));
  const classes = dateRangePicker();
  const rangeText = formatDateRange(props.value.range.from, props.value.range.to);
  const trigger = (
    <div className={classes.root}>
      <span className={classes.label}>{props.label}</span>
      <div className={classes.control}>
        <button
          type="button"
          className={classes.trigger}
          aria-haspopup="dialog"
          // Named as the real trigger is: what it shows.
          aria-label={`${t(`presets.${props.value.preset}`)} ${rangeText}`}
          disabled={props.disabled}
          onClick={() => setWanted(true)}
        >
          <CalendarIcon />
          <span className={classes.triggerText}>{t(`presets.${props.value.preset}`)}</span>{' '}
          <span className={classes.triggerRange}>{rangeText}</span>
        </button>
      </div>
    </div>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <DateRangePicker {...props} defaultOpen />
    </Suspense>
  );
}
