import { lazy, Suspense, useState } from 'react';
import type { DateRangePickerProps } from './date-range-picker';
import { DateRangeTriggerContent, useDateRangeTriggerName } from './date-range-trigger';
// The stand-in's parts, not the picker's: those would load Ark's date picker with the first page.
import * as DateRangeTriggerParts from './parts/date-range-trigger';

// The calendar is most of a page's first load (date machine, locale data); it loads on first click.
const DateRangePicker = lazy(() => import('./date-range-picker').then((module) => ({ default: module.DateRangePicker })));

/**
 * The date-range picker, drawn as its closed trigger until the merchant first opens it; then the
 * real picker loads and opens where the trigger was.
 */
export function LazyDateRangePicker(props: DateRangePickerProps) {
  const [wanted, setWanted] = useState(Boolean(props.defaultOpen));
  const name = useDateRangeTriggerName(props.value);
  const trigger = (
    <DateRangeTriggerParts.Root>
      <DateRangeTriggerParts.Label>{props.label}</DateRangeTriggerParts.Label>
      <DateRangeTriggerParts.Control>
        <DateRangeTriggerParts.Trigger
          type="button"
          aria-haspopup="dialog"
          aria-label={name}
          disabled={props.disabled}
          onClick={() => setWanted(true)}
        >
          <DateRangeTriggerContent value={props.value} />
        </DateRangeTriggerParts.Trigger>
      </DateRangeTriggerParts.Control>
    </DateRangeTriggerParts.Root>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <DateRangePicker {...props} defaultOpen />
    </Suspense>
  );
}
