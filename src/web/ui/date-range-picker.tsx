import { DatePicker, type DateValue, parseDate } from '@ark-ui/react/date-picker';
import { Portal } from '@ark-ui/react/portal';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangePicker } from 'styled-system/recipes';
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
  const classes = dateRangePicker();
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
    <DatePicker.Root
      className={classes.root}
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
      <DatePicker.Label className={classes.label}>{label}</DatePicker.Label>
      <DatePicker.Control className={classes.control}>
        <DatePicker.Trigger className={classes.trigger}>
          <DateRangeTriggerContent value={value} />
        </DatePicker.Trigger>
      </DatePicker.Control>
      {error ? <p className={classes.error}>{error}</p> : null}
      <Portal>
        <DatePicker.Positioner className={classes.positioner}>
          <DatePicker.Content className={classes.content}>
            <div className={classes.presets} role="group" aria-label={t('presetsLabel')}>
              {DATE_RANGE_PRESETS.map((preset) => (
                <DatePicker.PresetTrigger
                  key={preset}
                  className={classes.presetTrigger}
                  value={toDateValues(presetRange(preset, today))}
                  aria-pressed={value.preset === preset}
                  aria-label={t(`presets.${preset}`)}
                  onClick={() => {
                    clickedPreset.current = preset;
                  }}
                >
                  {t(`presets.${preset}`)}
                </DatePicker.PresetTrigger>
              ))}
            </div>
            <DatePicker.View view="day" className={classes.calendar}>
              <DatePicker.Context>
                {(api) => (
                  <>
                    <DatePicker.ViewControl className={classes.viewControl}>
                      <DatePicker.PrevTrigger className={classes.prevTrigger} aria-label={t('previousMonth')}>
                        <Icon name="chevronLeft" />
                      </DatePicker.PrevTrigger>
                      <span className={classes.rangeText} aria-live="polite">
                        {dayjs(api.visibleRange.start.toString()).locale('es').format('MMMM YYYY')}
                      </span>
                      <DatePicker.NextTrigger className={classes.nextTrigger} aria-label={t('nextMonth')}>
                        <Icon name="chevronRight" />
                      </DatePicker.NextTrigger>
                    </DatePicker.ViewControl>
                    <DatePicker.Table className={classes.table}>
                      <DatePicker.TableHead>
                        <DatePicker.TableRow>
                          {WEEKDAYS.map((weekday) => (
                            <DatePicker.TableHeader key={weekday.day()} className={classes.tableHeader}>
                              <abbr title={weekday.format('dddd')}>{weekday.format('dd')}</abbr>
                            </DatePicker.TableHeader>
                          ))}
                        </DatePicker.TableRow>
                      </DatePicker.TableHead>
                      <DatePicker.TableBody>
                        {api.weeks.map((week, index) => (
                          <DatePicker.TableRow key={index}>
                            {week.map((day) => (
                              <DatePicker.TableCell key={day.toString()} value={day} className={classes.tableCell}>
                                <DatePicker.TableCellTrigger className={classes.tableCellTrigger}>{day.day}</DatePicker.TableCellTrigger>
                              </DatePicker.TableCell>
                            ))}
                          </DatePicker.TableRow>
                        ))}
                      </DatePicker.TableBody>
                    </DatePicker.Table>
                  </>
                )}
              </DatePicker.Context>
            </DatePicker.View>
            <div className={classes.footer}>
              <span aria-hidden="true">{t('granularityLabel')}</span>
              <div className={classes.granularity} role="radiogroup" aria-label={t('granularityLabel')}>
                {GRANULARITIES.map((granularity) => (
                  <button
                    key={granularity}
                    type="button"
                    role="radio"
                    className={classes.granularityOption}
                    aria-checked={value.granularity === granularity}
                    disabled={!allowed.includes(granularity)}
                    onClick={() => onValueChange({ ...value, granularity })}
                  >
                    {t(`granularity.${granularity}`)}
                  </button>
                ))}
              </div>
            </div>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}
