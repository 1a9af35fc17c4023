import { type DateValue, parseDate, type UseDatePickerProps, useDatePicker } from '@ark-ui/react/date-picker';
import { Portal } from '@ark-ui/react/portal';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { type KeyboardEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { token } from 'styled-system/tokens';
import {
  DATE_RANGE_PRESETS,
  type DateRange,
  defaultGranularity,
  GRANULARITIES,
  type Granularity,
  granularitiesFor,
  type IsoDate,
  matchPreset,
  presetRange,
} from '../../shared/date-ranges';
import { Button } from './button';
import { DateRangeTriggerContent, useDateRangeTriggerName } from './date-range-trigger';
import { checkTypedRange, formatTypedDay, type TypedEnd, type TypedRange } from './date-range-typing';
import type { DateRangeValue } from './date-range-value';
import { TextInput } from './field';
import { Icon } from './icons';
import * as DateRangePickerParts from './parts/date-range-picker';

export type { DateRangeValue } from './date-range-value';

export interface DateRangePickerProps {
  label: string;
  value: DateRangeValue;
  onValueChange: (value: DateRangeValue) => void;
  /** The merchant's today, `YYYY-MM-DD`: presets count from it and later days cannot be picked. */
  today: IsoDate;
  /** The first day that can be picked or typed, `YYYY-MM-DD`; no limit when absent. */
  min?: IsoDate | undefined;
  defaultOpen?: boolean;
  disabled?: boolean;
  /** Already translated; marks the picker invalid. */
  error?: string | undefined;
}

type DayCellState = Parameters<NonNullable<NonNullable<UseDatePickerProps['translations']>['dayCell']>>[0];

/** Monday first, as in Chile: names from dayjs's Spanish locale. */
const WEEKDAYS = Array.from({ length: 7 }, (_, index) => dayjs('2024-01-01').locale('es').add(index, 'day'));

/** From the md breakpoint up two months fit side by side; a phone shows one. */
const WIDE_SCREEN = `(min-width: ${token('breakpoints.md')})`;

function subscribeToScreenWidth(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeToScreenWidth,
    () => window.matchMedia(WIDE_SCREEN).matches,
    () => true,
  );
}

function toDateValues(range: DateRange): DateValue[] {
  return [parseDate(range.from), parseDate(range.to)];
}

function toRange(values: DateValue[]): DateRange | null {
  const [from, to] = values;
  return from && to ? { from: from.toString(), to: to.toString() } : null;
}

function typedOf(days: DateValue[]): TypedRange {
  const [from, to] = days;
  return { from: from ? formatTypedDay(from.toString()) : '', to: to ? formatTypedDay(to.toString()) : '' };
}

/** The chosen granularity when it makes a readable chart of `range`, otherwise the finest one that does. */
function fitGranularity(granularity: Granularity, range: DateRange): Granularity {
  return granularitiesFor(range).includes(granularity) ? granularity : defaultGranularity(range);
}

const monthStart = (day: IsoDate): DateValue => parseDate(day).set({ day: 1 });

/**
 * The first of the `count` months to show for a range, or for the one end known: the start's month
 * when the whole range fits, otherwise so that the end just typed (`keep`) shows; never so late that
 * the months shown run past today's, which could not be picked.
 */
function firstMonthShown(from: IsoDate | null, to: IsoDate | null, keep: TypedEnd, count: number, today: IsoDate): DateValue | null {
  const latest = monthStart(today).subtract({ months: count - 1 });
  let first: DateValue;
  if (from && (keep === 'from' || !to || monthStart(to).compare(monthStart(from).add({ months: count })) < 0)) first = monthStart(from);
  else if (to) first = monthStart(to).subtract({ months: count - 1 });
  else return null;
  return first.compare(latest) > 0 ? latest : first;
}

/**
 * What the merchant is choosing, kept apart from the value until "Aplicar": the calendar's days (one
 * while the range is half picked), the typed texts and the granularity.
 */
interface Draft {
  days: DateValue[];
  typed: TypedRange;
  granularity: Granularity;
  /** Ends whose error shows: once left, or both after "Aplicar". */
  checked: Record<TypedEnd, boolean>;
}

const UNCHECKED: Draft['checked'] = { from: false, to: false };

function draftOf(value: DateRangeValue): Draft {
  const days = toDateValues(value.range);
  return { days, typed: typedOf(days), granularity: value.granularity, checked: UNCHECKED };
}

function sameValue(a: DateRangeValue, b: DateRangeValue): boolean {
  return a.range.from === b.range.from && a.range.to === b.range.to && a.preset === b.preset && a.granularity === b.granularity;
}

/** Tab and Shift+Tab go round the open panel, as in a dialog, rather than off to the page behind it. */
function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), input:not(:disabled), [tabindex="0"]')];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && event.target === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && event.target === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Range of days for metrics: the presets of SPEC §9 (one click applies them), or days picked on the
 * calendar or typed as dd-mm-aaaa, applied with "Aplicar"; and the chart granularity.
 */
export function DateRangePicker({ label, value, onValueChange, today, min, defaultOpen, disabled, error }: DateRangePickerProps) {
  const { t } = useTranslation('dates');
  const monthCount = useWideScreen() ? 2 : 1;
  const triggerName = useDateRangeTriggerName(value);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);
  const inputs = { from: fromInput, to: toInput };
  const titleId = useId();
  const granularityLabelId = useId();

  const [draft, setDraft] = useState(() => draftOf(value));
  const [shown, setShown] = useState(value);
  if (!sameValue(shown, value)) {
    setShown(value);
    setDraft(draftOf(value));
  }

  const limits = { min, max: today };
  const check = checkTypedRange(draft.typed, limits);
  const draftRange = toRange(draft.days) ?? value.range;
  const allowed = granularitiesFor(draftRange);
  const granularity = fitGranularity(draft.granularity, draftRange);

  function dayLabel(state: DayCellState): string {
    const words = [state.valueText];
    if (state.today) words.push(t('day.today'));
    if (state.unavailable) words.push(t('day.unavailable'));
    else if (state.firstInRange && state.lastInRange) words.push(t('day.rangeStartAndEnd'));
    else if (state.firstInRange) words.push(t('day.rangeStart'));
    else if (state.lastInRange) words.push(t('day.rangeEnd'));
    else if (state.inRange) words.push(t('day.inRange'));
    else if (state.selected) words.push(t('day.selected'));
    return words.join(', ');
  }

  const picker = useDatePicker({
    selectionMode: 'range',
    locale: 'es-CL',
    startOfWeek: 1,
    numOfMonths: monthCount,
    // Six weeks in every month, so the panel keeps its height from month to month.
    fixedWeeks: true,
    maxView: 'day',
    value: draft.days,
    min: min ? parseDate(min) : undefined,
    max: parseDate(today),
    disabled,
    invalid: Boolean(error),
    closeOnSelect: false,
    translations: {
      content: t('calendarLabel'),
      // The trigger's name is what it shows, as screen readers and voice control expect.
      trigger: () => triggerName,
      prevTrigger: () => t('previousMonth'),
      nextTrigger: () => t('nextMonth'),
      dayCell: dayLabel,
    },
    onValueChange: (details) =>
      setDraft((current) => ({ ...current, days: details.value, typed: typedOf(details.value), checked: UNCHECKED })),
    // Closed without "Aplicar" (Escape, a click outside, the trigger): the draft is dropped.
    onOpenChange: (details) => {
      if (!details.open) setDraft(draftOf(value));
    },
  });

  /** Shows `first`'s month first, and leaves the keyboard's day on `focus`. */
  function turnTo(first: DateValue, focus: DateValue) {
    // Ark pages only as far as a day needs, backwards or forwards; from a page before it, it pages
    // forward to put `first` at the start.
    picker.setFocusedValue(first.subtract({ months: monthCount }));
    picker.setFocusedValue(first);
    picker.setFocusedValue(focus);
  }

  // Opened rather than drawn open: Ark moves focus into the calendar only when it opens, and the lazy
  // picker's first open draws it already open.
  const openedOnMount = useRef(false);
  useEffect(() => {
    if (!defaultOpen || openedOnMount.current) return;
    openedOnMount.current = true;
    picker.setOpen(true);
  }, [defaultOpen, picker]);

  // On each open the range starts the calendar, rather than a month of days after today.
  const wasOpen = useRef(false);
  useEffect(() => {
    const opened = picker.open && !wasOpen.current;
    wasOpen.current = picker.open;
    const [from, to] = draft.days;
    const first = opened && from ? firstMonthShown(from.toString(), to?.toString() ?? null, 'from', monthCount, today) : null;
    if (from && first) turnTo(first, from);
  });

  function close() {
    picker.setOpen(false);
    // Ark returns focus to the trigger when Escape closes the panel, not when a button inside does.
    triggerRef.current?.focus();
  }

  function type(end: TypedEnd, text: string) {
    const typed = { ...draft.typed, [end]: text };
    const { days, range } = checkTypedRange(typed, limits);
    setDraft({ ...draft, typed, days: range ? toDateValues(range) : days.from ? [parseDate(days.from)] : [] });
    // The calendar turns to the range as soon as a day is typed in full.
    const day = days[end];
    const first = day ? firstMonthShown(days.from, days.to, end, monthCount, today) : null;
    if (day && first) turnTo(first, parseDate(day));
  }

  function errorText(end: TypedEnd): string | undefined {
    const found = check.errors[end];
    const shows = found === 'endBeforeStart' ? draft.checked.from || draft.checked.to : draft.checked[end];
    if (!found || !shows) return undefined;
    return t(`typedErrors.${found}`, { date: min ? formatTypedDay(min) : '' });
  }

  function apply() {
    if (!check.range) {
      setDraft({ ...draft, checked: { from: true, to: true } });
      inputs[check.errors.from ? 'from' : 'to'].current?.focus();
      return;
    }
    const range = check.range;
    onValueChange({ range, preset: matchPreset(range, today), granularity: fitGranularity(draft.granularity, range) });
    close();
  }

  function cancel() {
    setDraft(draftOf(value));
    close();
  }

  const months = Array.from({ length: monthCount }, (_, index) => picker.getOffset({ months: index }));

  return (
    <DateRangePickerParts.RootProvider value={picker}>
      <DateRangePickerParts.Label>{label}</DateRangePickerParts.Label>
      <DateRangePickerParts.Control>
        <DateRangePickerParts.Trigger ref={triggerRef} aria-haspopup="dialog">
          <DateRangeTriggerContent value={value} />
        </DateRangePickerParts.Trigger>
      </DateRangePickerParts.Control>
      {error ? <DateRangePickerParts.ErrorText>{error}</DateRangePickerParts.ErrorText> : null}
      <Portal>
        <DateRangePickerParts.Positioner>
          <DateRangePickerParts.Content
            role="dialog"
            aria-modal="true"
            aria-roledescription={t('calendarRole')}
            onKeyDown={keepFocusInside}
          >
            <DateRangePickerParts.Presets role="group" aria-label={t('presetsLabel')}>
              {DATE_RANGE_PRESETS.map((preset) => {
                const range = presetRange(preset, today);
                return (
                  <DateRangePickerParts.PresetTrigger
                    key={preset}
                    value={toDateValues(range)}
                    aria-pressed={value.preset === preset}
                    // Ark's own name reads the days in English.
                    aria-label={t(`presets.${preset}`)}
                    // A preset applies at once; Ark then closes the panel and returns focus to the trigger.
                    onClick={() => onValueChange({ range, preset, granularity: fitGranularity(draft.granularity, range) })}
                  >
                    {t(`presets.${preset}`)}
                  </DateRangePickerParts.PresetTrigger>
                );
              })}
            </DateRangePickerParts.Presets>
            <DateRangePickerParts.Main>
              <DateRangePickerParts.Calendar view="day">
                <DateRangePickerParts.Months>
                  {months.map((month, index) => {
                    const monthTitleId = `${titleId}-${index}`;
                    const first = month.visibleRange.start;
                    return (
                      <DateRangePickerParts.Month key={first.toString()}>
                        <DateRangePickerParts.ViewControl>
                          {index === 0 ? (
                            <DateRangePickerParts.PrevTrigger>
                              <Icon name="chevronLeft" />
                            </DateRangePickerParts.PrevTrigger>
                          ) : null}
                          <DateRangePickerParts.RangeText id={monthTitleId} aria-live={index === 0 ? 'polite' : undefined}>
                            {dayjs(first.toString()).locale('es').format('MMMM YYYY')}
                          </DateRangePickerParts.RangeText>
                          {index === months.length - 1 ? (
                            <DateRangePickerParts.NextTrigger>
                              <Icon name="chevronRight" />
                            </DateRangePickerParts.NextTrigger>
                          ) : null}
                        </DateRangePickerParts.ViewControl>
                        <DateRangePickerParts.Table aria-labelledby={monthTitleId} aria-roledescription={t('monthRole')}>
                          <DateRangePickerParts.TableHead>
                            <DateRangePickerParts.TableRow>
                              {WEEKDAYS.map((weekday) => (
                                <DateRangePickerParts.TableHeader key={weekday.day()}>
                                  <abbr title={weekday.format('dddd')}>{weekday.format('dd')}</abbr>
                                </DateRangePickerParts.TableHeader>
                              ))}
                            </DateRangePickerParts.TableRow>
                          </DateRangePickerParts.TableHead>
                          <DateRangePickerParts.TableBody>
                            {month.weeks.map((week) => (
                              <DateRangePickerParts.TableRow key={week[0]?.toString()}>
                                {week.map((day) =>
                                  // Days of the months around are left blank: with two months they would show twice.
                                  day.month === first.month ? (
                                    <DateRangePickerParts.TableCell key={day.toString()} value={day} visibleRange={month.visibleRange}>
                                      <DateRangePickerParts.TableCellTrigger>{day.day}</DateRangePickerParts.TableCellTrigger>
                                    </DateRangePickerParts.TableCell>
                                  ) : (
                                    <td key={day.toString()} />
                                  ),
                                )}
                              </DateRangePickerParts.TableRow>
                            ))}
                          </DateRangePickerParts.TableBody>
                        </DateRangePickerParts.Table>
                      </DateRangePickerParts.Month>
                    );
                  })}
                </DateRangePickerParts.Months>
              </DateRangePickerParts.Calendar>
              <DateRangePickerParts.Typed>
                {(['from', 'to'] as const).map((end) => (
                  <TextInput
                    key={end}
                    ref={inputs[end]}
                    label={end === 'from' ? t('typedFrom') : t('typedTo')}
                    value={draft.typed[end]}
                    placeholder={t('ui.dateInput.placeholder', { ns: 'common' })}
                    helperText={t('typedHelp')}
                    error={errorText(end)}
                    autoComplete="off"
                    spellCheck={false}
                    onChange={(event) => type(end, event.currentTarget.value)}
                    onBlur={() => setDraft((current) => ({ ...current, checked: { ...current.checked, [end]: true } }))}
                    onKeyDown={(event) => {
                      if (event.key !== 'Enter') return;
                      event.preventDefault();
                      apply();
                    }}
                  />
                ))}
              </DateRangePickerParts.Typed>
            </DateRangePickerParts.Main>
            <DateRangePickerParts.Footer>
              <DateRangePickerParts.GranularityField>
                <span id={granularityLabelId}>{t('granularityLabel')}</span>
                <DateRangePickerParts.Granularity role="group" aria-labelledby={granularityLabelId}>
                  {GRANULARITIES.map((option) => (
                    <DateRangePickerParts.GranularityOption
                      key={option}
                      type="button"
                      aria-pressed={granularity === option}
                      disabled={!allowed.includes(option)}
                      onClick={() => setDraft({ ...draft, granularity: option })}
                    >
                      {t(`granularity.${option}`)}
                    </DateRangePickerParts.GranularityOption>
                  ))}
                </DateRangePickerParts.Granularity>
              </DateRangePickerParts.GranularityField>
              <DateRangePickerParts.Actions>
                <Button variant="outline" size="sm" onClick={cancel}>
                  {t('cancel')}
                </Button>
                <Button size="sm" onClick={apply}>
                  {t('apply')}
                </Button>
              </DateRangePickerParts.Actions>
            </DateRangePickerParts.Footer>
          </DateRangePickerParts.Content>
        </DateRangePickerParts.Positioner>
      </Portal>
    </DateRangePickerParts.RootProvider>
  );
}
