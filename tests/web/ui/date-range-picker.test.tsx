import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presetRange } from '../../../src/shared/date-ranges';
import type { DateRangeValue } from '../../../src/web/ui/date-range-picker';
import { checkTypedRange, formatTypedDay, parseTypedDay } from '../../../src/web/ui/date-range-typing';
import { LazyDateRangePicker } from '../../../src/web/ui/lazy-date-range-picker';
import { renderWithProviders } from '../render';

const today = '2026-03-15';
const last30Days: DateRangeValue = { range: presetRange('last30Days', today), preset: 'last30Days', granularity: 'day' };

beforeEach(() => {
  // Only the date: Ark marks "today" from the clock, and its focus moves wait for animation frames.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-15T12:00:00-03:00'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The picker as a page holds it: the value it was given changes only through `onValueChange`. */
function Picker({ onValueChange, initial = last30Days }: { onValueChange: (value: DateRangeValue) => void; initial?: DateRangeValue }) {
  const [value, setValue] = useState(initial);
  return (
    <LazyDateRangePicker
      label="Período"
      today={today}
      min="2000-01-01"
      value={value}
      onValueChange={(next) => {
        onValueChange(next);
        setValue(next);
      }}
    />
  );
}

async function renderPicker(initial?: DateRangeValue) {
  const onValueChange = vi.fn();
  const user = userEvent.setup();
  await renderWithProviders(<Picker onValueChange={onValueChange} {...(initial ? { initial } : {})} />);
  return { onValueChange, user };
}

/** Opens the picker from its trigger with the keyboard, and waits until focus is inside. */
async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>, trigger: RegExp = /^Últimos 30 días/) {
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: trigger }));
  await user.keyboard('{Enter}');
  // The first open loads the calendar; on a cold, busy run that alone can pass a second.
  const dialog = await screen.findByRole('dialog', { name: 'Elegir rango de fechas' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

/** Replaces an input's text at once, as pasting does: one change per date rather than one per key. */
async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.paste(text);
}

const day = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('button', { name });

// Each of these walks through the picker key by key and click by click, two months of days
// re-rendering each time: on a busy machine one can pass the default five seconds.
describe('DateRangePicker', () => {
  it('moves focus into the calendar on the first open from the keyboard, and back to the trigger on Escape', async () => {
    const { user } = await renderPicker();
    const dialog = await openWithKeyboard(user);
    // The range's first day, named in Spanish.
    expect(document.activeElement).toBe(day(dialog, 'sábado, 14 de febrero de 2026, inicio del rango'));

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement).toBe(day(dialog, 'domingo, 15 de febrero de 2026, dentro del rango')));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Últimos 30 días/ })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the open picker, going round every control', async () => {
    const { user } = await renderPicker();
    const dialog = await openWithKeyboard(user);
    const firstDay = document.activeElement;
    const visited: (Element | null)[] = [];
    for (let step = 0; step < 40; step += 1) {
      await user.tab();
      if (document.activeElement === firstDay) break;
      visited.push(document.activeElement);
    }
    const control = (role: 'button' | 'textbox', name: string) => within(dialog).getByRole(role, { name });
    // From the day: the typed dates, the granularity, the buttons, then round to the presets and the month arrow.
    expect(visited).toEqual([
      control('textbox', 'Desde'),
      control('textbox', 'Hasta'),
      control('button', 'Día'),
      control('button', 'Semana'),
      control('button', 'Cancelar'),
      control('button', 'Aplicar'),
      ...within(within(dialog).getByRole('group', { name: 'Rangos predefinidos' })).getAllByRole('button'),
      control('button', 'Ver el mes anterior'),
    ]);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(control('button', 'Ver el mes anterior'));
  });

  it('names the days and the month buttons in Spanish, with the state of each day', async () => {
    const { user } = await renderPicker();
    const dialog = await openWithKeyboard(user);
    expect(day(dialog, 'domingo, 15 de marzo de 2026, hoy, fin del rango')).toBeTruthy();
    expect(day(dialog, 'martes, 3 de marzo de 2026, dentro del rango')).toBeTruthy();
    expect(day(dialog, 'lunes, 16 de marzo de 2026, no disponible').getAttribute('aria-disabled')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Ver el mes anterior' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Ver el mes siguiente' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('grid')
        .map((grid) => grid.getAttribute('aria-roledescription')),
    ).toEqual(['calendario', 'calendario']);
    // Nothing left in Ark's English defaults.
    const names = [...dialog.querySelectorAll('[aria-label], [aria-roledescription]')].map(
      (element) => `${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('aria-roledescription') ?? ''}`,
    );
    expect(names.filter((name) => /Choose|range from|Range ending|Switch to|\bcalendar\b|\bselect\b|datepicker/i.test(name))).toEqual([]);
  });

  it('explains what is wrong with typed dates, and shows valid ones on the calendar', async () => {
    const { user, onValueChange } = await renderPicker();
    const dialog = await openWithKeyboard(user);
    const from = within(dialog).getByRole('textbox', { name: 'Desde' });
    const to = within(dialog).getByRole('textbox', { name: 'Hasta' });

    await retype(user, from, '31-02-2026');
    await user.tab();
    expect(within(dialog).getByText('Escribe una fecha válida con el formato dd-mm-aaaa.')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');

    await retype(user, to, '16-03-2026');
    await user.tab();
    expect(within(dialog).getByText('La fecha no puede ser posterior a hoy.')).toBeTruthy();

    await retype(user, from, '10-03-2026');
    await retype(user, to, '02-03-2026');
    await user.tab();
    expect(within(dialog).getByText('«Hasta» no puede ser anterior a «Desde».')).toBeTruthy();

    await retype(user, from, '01-12-1999');
    await user.tab();
    expect(within(dialog).getByText('La fecha no puede ser anterior al 01-01-2000.')).toBeTruthy();

    // "Aplicar" keeps the picker open while a date is wrong, and takes the merchant to it.
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onValueChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(from);

    // Valid typed dates turn the calendar to their months and mark the range.
    await retype(user, from, '20-12-2025');
    await retype(user, to, '05-01-2026');
    expect(within(dialog).queryByText(/^Escribe|^La fecha|^«Hasta»/)).toBeNull();
    expect(await within(dialog).findByRole('grid', { name: 'diciembre 2025' })).toBeTruthy();
    expect(day(dialog, 'sábado, 20 de diciembre de 2025, inicio del rango')).toBeTruthy();
    expect(day(dialog, 'lunes, 5 de enero de 2026, fin del rango')).toBeTruthy();

    await user.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenCalledWith({ range: { from: '2025-12-20', to: '2026-01-05' }, preset: 'custom', granularity: 'day' });
  });

  it('applies the days picked on the calendar only with "Aplicar"', async () => {
    const { user, onValueChange } = await renderPicker();
    const dialog = await openWithKeyboard(user);
    await user.click(day(dialog, 'martes, 3 de marzo de 2026, dentro del rango'));
    await user.click(day(dialog, /^jueves, 12 de marzo de 2026/));
    expect(within(dialog).getByRole('textbox', { name: 'Desde' })).toHaveProperty('value', '03-03-2026');
    expect(within(dialog).getByRole('textbox', { name: 'Hasta' })).toHaveProperty('value', '12-03-2026');
    expect(onValueChange).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith({
      range: { from: '2026-03-03', to: '2026-03-12' },
      preset: 'custom',
      granularity: 'day',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const trigger = screen.getByRole('button', { name: /^Personalizado/ });
    expect(document.activeElement).toBe(trigger);
  });

  it('drops the picked days and the granularity with "Cancelar"', async () => {
    const { user, onValueChange } = await renderPicker();
    let dialog = await openWithKeyboard(user);
    await user.click(day(dialog, 'martes, 3 de marzo de 2026, dentro del rango'));
    await user.click(day(dialog, /^jueves, 12 de marzo de 2026/));
    await user.click(within(dialog).getByRole('button', { name: 'Semana' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onValueChange).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const trigger = screen.getByRole('button', { name: /^Últimos 30 días/ });
    expect(document.activeElement).toBe(trigger);

    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Elegir rango de fechas' });
    expect(within(dialog).getByRole('textbox', { name: 'Desde' })).toHaveProperty('value', '14-02-2026');
    expect(within(dialog).getByRole('textbox', { name: 'Hasta' })).toHaveProperty('value', '15-03-2026');
    expect(within(dialog).getByRole('button', { name: 'Día' }).getAttribute('aria-pressed')).toBe('true');
    expect(day(dialog, 'sábado, 14 de febrero de 2026, inicio del rango')).toBeTruthy();
  });

  it('starts the calendar on the range, never on a month after today', async () => {
    const { user } = await renderPicker({ range: presetRange('weekToDate', today), preset: 'weekToDate', granularity: 'day' });
    const dialog = await openWithKeyboard(user, /^Esta semana/);
    expect(await within(dialog).findByRole('grid', { name: 'febrero 2026' })).toBeTruthy();
    expect(within(dialog).getAllByRole('grid')).toHaveLength(2);
    expect(within(dialog).getByRole('grid', { name: 'marzo 2026' })).toBeTruthy();
    expect(document.activeElement).toBe(day(dialog, 'lunes, 9 de marzo de 2026, inicio del rango'));
  });

  it('applies a preset at once and closes', async () => {
    const { user, onValueChange } = await renderPicker();
    const dialog = await openWithKeyboard(user);
    await user.click(within(dialog).getByRole('button', { name: 'Últimos 7 días' }));
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith({
      range: presetRange('last7Days', today),
      preset: 'last7Days',
      granularity: 'day',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('typed days', () => {
  it('reads dd-mm-aaaa, with a slash or a dot too, and only real days', () => {
    expect(parseTypedDay('05-03-2026')).toBe('2026-03-05');
    expect(parseTypedDay(' 5/3/2026 ')).toBe('2026-03-05');
    expect(parseTypedDay('29.02.2024')).toBe('2024-02-29');
    expect(parseTypedDay('29-02-2026')).toBeNull();
    expect(parseTypedDay('2026-03-05')).toBeNull();
    expect(parseTypedDay('05-03-26')).toBeNull();
    expect(parseTypedDay('05-03-0026')).toBeNull();
    expect(formatTypedDay('2026-03-05')).toBe('05-03-2026');
  });

  it('gives each end its own error, and the order error to Hasta', () => {
    const limits = { min: '2000-01-01', max: today };
    expect(checkTypedRange({ from: '', to: 'mañana' }, limits).errors).toEqual({ from: 'required', to: 'invalid' });
    expect(checkTypedRange({ from: '31-12-1999', to: '16-03-2026' }, limits).errors).toEqual({ from: 'beforeMin', to: 'future' });
    expect(checkTypedRange({ from: '10-03-2026', to: '09-03-2026' }, limits)).toEqual({
      days: { from: '2026-03-10', to: '2026-03-09' },
      errors: { to: 'endBeforeStart' },
      range: null,
    });
    expect(checkTypedRange({ from: '09-03-2026', to: '09-03-2026' }, limits).range).toEqual({ from: '2026-03-09', to: '2026-03-09' });
  });
});
