import { type DateValue, parseDate } from '@ark-ui/react/date-picker';
import { Portal } from '@ark-ui/react/portal';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATE_RANGE_PRESETS,
  type DateRange,
  type DateRangePreset,
  defaultGranularity,
  GRANULARITIES,
  granularitiesFor,
  type IsoDate,
  matchPreset,
  presetRange,
} from '../../shared/date-ranges';
import { DateRangeTriggerContent, useDateRangeTriggerName } from './date-range-trigger';
import type { DateRangeValue } from './date-range-value';
import { Icon } from './icons';
import * as DateRangePickerParts from './parts/date-range-picker';

export type { DateRangeValue } from './date-range-value';

export interface DateRangePickerProps {
  label: string;
  value: DateRangeValue;
  onValueChange: (value: DateRangeValue) => void;
  /** The merchant's today, `YYYY-MM-DD`: presets count from it and later days cannot be picked. */
  today: IsoDate;
  defaultOpen?: boolean;
  disabled?: boolean;
  /** Already translated; marks the picker invalid. */
  error?: string | undefined;
}

/** Monday first, as in Chile: names from dayjs's Spanish locale. */
const WEEKDAYS = Array.from({ length: 7 }, (_, index) => dayjs('2024-01-01').locale('es').add(index, 'day'));

function toDateValues(range: DateRange): DateValue[] {
  return [parseDate(range.from), parseDate(range.to)];
}

function toRange(values: DateValue[]): DateRange | null {
  const [from, to] = values;
  return from && to ? { from: from.toString(), to: to.toString() } : null;
}

/** Range of days for metrics: the presets of SPEC §9, any custom range, and the chart granularity. */
export function DateRangePicker({ label, value, onValueChange, today, defaultOpen, disabled, error }: DateRangePickerProps) {
  const { t } = useTranslation('dates');
  // Ark holds the half-picked range (one end chosen); the parent hears only of complete ranges.
  const [draft, setDraft] = useState<DateValue[]>(() => toDateValues(value.range));
  const [shown, setShown] = useState(value.range);
  if (shown.from !== value.range.from || shown.to !== value.range.to) {
    setShown(value.range);
    setDraft(toDateValues(value.range));
  }
  const clickedPreset = useRef<DateRangePreset | null>(null);
  const allowed = granularitiesFor(value.range);
  const triggerName = useDateRangeTriggerName(value);

  function commit(range: DateRange) {
    const preset = clickedPreset.current ?? matchPreset(range, today);
    clickedPreset.current = null;
    const options = granularitiesFor(range);
    onValueChange({
      range,
      preset,
      granularity: options.includes(value.granularity) ? value.granularity : defaultGranularity(range),
    });
  }

  return (
    <DateRangePickerParts.Root
      selectionMode="range"
      locale="es-CL"
      startOfWeek={1}
      value={draft}
      max={parseDate(today)}
      defaultOpen={defaultOpen}
      disabled={disabled}
      invalid={Boolean(error)}
      closeOnSelect={false}
      translations={{
        content: t('calendarLabel'),
        // The trigger's name is what it shows, as screen readers and voice control expect.
        trigger: () => triggerName,
        prevTrigger: () => t('previousMonth'),
        nextTrigger: () => t('nextMonth'),
      }}
      onValueChange={(details) => {
        setDraft(details.value);
        const range = toRange(details.value);
        if (range) commit(range);
      }}
    >
      <DateRangePickerParts.Label>{label}</DateRangePickerParts.Label>
      <DateRangePickerParts.Control>
        <DateRangePickerParts.Trigger>
          <DateRangeTriggerContent value={value} />
        </DateRangePickerParts.Trigger>
      </DateRangePickerParts.Control>
      {error ? <DateRangePickerParts.ErrorText>{error}</DateRangePickerParts.ErrorText> : null}
      <Portal>
        <DateRangePickerParts.Positioner>
          <DateRangePickerParts.Content>
            <DateRangePickerParts.Presets role="group" aria-label={t('presetsLabel')}>
              {DATE_RANGE_PRESETS.map((preset) => (
                <DateRangePickerParts.PresetTrigger
                  key={preset}
                  value={toDateValues(presetRange(preset, today))}
                  aria-pressed={value.preset === preset}
                  aria-label={t(`presets.${preset}`)}
                  onClick={() => {
                    clickedPreset.current = preset;
                  }}
                >
                  {t(`presets.${preset}`)}
                </DateRangePickerParts.PresetTrigger>
              ))}
            </DateRangePickerParts.Presets>
            <DateRangePickerParts.Calendar view="day">
              <DateRangePickerParts.Context>
                {(api) => (
                  <>
                    <DateRangePickerParts.ViewControl>
                      <DateRangePickerParts.PrevTrigger aria-label={t('previousMonth')}>
                        <Icon name="chevronLeft" />
                      </DateRangePickerParts.PrevTrigger>
                      <DateRangePickerParts.RangeText aria-live="polite">
                        {dayjs(api.visibleRange.start.toString()).locale('es').format('MMMM YYYY')}
                      </DateRangePickerParts.RangeText>
                      <DateRangePickerParts.NextTrigger aria-label={t('nextMonth')}>
                        <Icon name="chevronRight" />
                      </DateRangePickerParts.NextTrigger>
                    </DateRangePickerParts.ViewControl>
                    <DateRangePickerParts.Table>
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
                        {api.weeks.map((week, index) => (
                          <DateRangePickerParts.TableRow key={index}>
                            {week.map((day) => (
                              <DateRangePickerParts.TableCell key={day.toString()} value={day}>
                                <DateRangePickerParts.TableCellTrigger>{day.day}</DateRangePickerParts.TableCellTrigger>
                              </DateRangePickerParts.TableCell>
                            ))}
                          </DateRangePickerParts.TableRow>
                        ))}
                      </DateRangePickerParts.TableBody>
                    </DateRangePickerParts.Table>
                  </>
                )}
              </DateRangePickerParts.Context>
            </DateRangePickerParts.Calendar>
            <DateRangePickerParts.Footer>
              <span aria-hidden="true">{t('granularityLabel')}</span>
              <DateRangePickerParts.Granularity role="radiogroup" aria-label={t('granularityLabel')}>
                {GRANULARITIES.map((granularity) => (
                  <DateRangePickerParts.GranularityOption
                    key={granularity}
                    type="button"
                    role="radio"
                    aria-checked={value.granularity === granularity}
                    disabled={!allowed.includes(granularity)}
                    onClick={() => onValueChange({ ...value, granularity })}
                  >
                    {t(`granularity.${granularity}`)}
                  </DateRangePickerParts.GranularityOption>
                ))}
              </DateRangePickerParts.Granularity>
            </DateRangePickerParts.Footer>
          </DateRangePickerParts.Content>
        </DateRangePickerParts.Positioner>
      </Portal>
    </DateRangePickerParts.Root>
  );
}
