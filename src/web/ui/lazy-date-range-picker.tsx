import { lazy, Suspense, useState, useTransition } from 'react';
import type { DateRangePickerProps } from './date-range-picker';
import { DateRangeTriggerContent, useDateRangeTriggerName } from './date-range-trigger';
// The stand-in's parts, not the picker's: those would load Ark's date picker with the first page.
import * as DateRangeTriggerParts from './parts/date-range-trigger';

// The calendar is most of a page's first load (date machine, locale data); it loads on first click.
const DateRangePicker = lazy(() => import('./date-range-picker').then((module) => ({ default: module.DateRangePicker })));

/**
 * The date-range picker, drawn as its closed trigger until the merchant first opens it; then the
 * real picker loads and opens where the trigger was, focus inside it.
 */
export function LazyDateRangePicker(props: DateRangePickerProps) {
  const [wanted, setWanted] = useState(Boolean(props.defaultOpen));
  // Loaded in a transition: the stand-in stays on screen, and keeps the keyboard's focus, until the
  // picker is ready to take it.
  const [loading, startLoading] = useTransition();
  const name = useDateRangeTriggerName(props.value);
  const trigger = (
    <DateRangeTriggerParts.Root>
      <DateRangeTriggerParts.Label>{props.label}</DateRangeTriggerParts.Label>
      <DateRangeTriggerParts.Control>
        <DateRangeTriggerParts.Trigger
          type="button"
          aria-haspopup="dialog"
          aria-label={name}
          aria-busy={loading || undefined}
          disabled={props.disabled}
          onClick={() => startLoading(() => setWanted(true))}
        >
          <DateRangeTriggerContent value={props.value} />
        </DateRangeTriggerParts.Trigger>
      </DateRangeTriggerParts.Control>
    </DateRangeTriggerParts.Root>
  );
  return <Suspense fallback={trigger}>{wanted ? <DateRangePicker {...props} defaultOpen /> : trigger}</Suspense>;
}
