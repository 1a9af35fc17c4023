import { lazy, Suspense, useState } from 'react';
import { dateRangePicker } from 'styled-system/recipes';
import type { DateRangePickerProps } from './date-range-picker';
import { DateRangeTriggerContent, useDateRangeTriggerName } from './date-range-trigger';

// The calendar is most of a page's first load (date machine, locale data); it loads on first click.
const DateRangePicker = lazy(() => import('./date-range-picker').then((module) => ({ default: module.DateRangePicker })));

/**
 * The date-range picker, drawn as its closed trigger until the merchant first opens it; then the
 * real picker loads and opens where the trigger was.
 */
export function LazyDateRangePicker(props: DateRangePickerProps) {
  const [wanted, setWanted] = useState(Boolean(props.defaultOpen));
  const classes = dateRangePicker();
  const name = useDateRangeTriggerName(props.value);
  const trigger = (
    <div className={classes.root}>
      <span className={classes.label}>{props.label}</span>
      <div className={classes.control}>
        <button
          type="button"
          className={classes.trigger}
          aria-haspopup="dialog"
          aria-label={name}
          disabled={props.disabled}
          onClick={() => setWanted(true)}
        >
          <DateRangeTriggerContent value={props.value} />
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
