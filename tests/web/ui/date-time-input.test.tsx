import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateInput, TimeInput } from '../../../src/web/ui/date-time-input';
import { maskTyped, parseTypedHour, TYPED_DAY, TYPED_HOUR } from '../../../src/web/ui/date-time-typing';
import { renderWithProviders } from '../render';

describe('typing a day or an hour', () => {
  it('puts the separators in as digits are typed on a numeric keypad, and leaves other typing alone', () => {
    expect(['1', '15', '150', '1503', '15032', '15032026'].map((text) => maskTyped(text, TYPED_DAY))).toEqual([
      '1',
      '15',
      '15-0',
      '15-03',
      '15-03-2',
      '15-03-2026',
    ]);
    // Deleting back over a separator, and text typed with its own separators.
    expect(maskTyped('15-03-', TYPED_DAY)).toBe('15-03');
    expect(maskTyped('1-3-2026', TYPED_DAY)).toBe('1-3-2026');
    expect(maskTyped('15/03/2026', TYPED_DAY)).toBe('15/03/2026');
    expect(maskTyped('0930', TYPED_HOUR)).toBe('09:30');
  });

  it('reads 24-hour hours only', () => {
    expect(parseTypedHour('09:30')).toBe('09:30');
    expect(parseTypedHour('9:30')).toBe('09:30');
    expect(parseTypedHour('23:59')).toBe('23:59');
    expect(parseTypedHour('24:00')).toBeNull();
    expect(parseTypedHour('10:75')).toBeNull();
    expect(parseTypedHour('10:00 AM')).toBeNull();
  });
});

function Form({ kind, initial = '' }: { kind: 'date' | 'time'; initial?: string }) {
  const [value, setValue] = useState(initial);
  const Input = kind === 'date' ? DateInput : TimeInput;
  return (
    <>
      <Input label={kind === 'date' ? 'Fecha de inicio' : 'Hora de inicio'} value={value} onValueChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('DateInput and TimeInput', () => {
  it('show an ISO day as dd-mm-aaaa and give the form the day typed, as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Form kind="date" initial="2026-03-20" />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Fecha de inicio' });
    expect(input.value).toBe('20-03-2026');
    expect(input.inputMode).toBe('numeric');
    await user.clear(input);
    await user.type(input, '01042026');
    expect(input.value).toBe('01-04-2026');
    expect(screen.getByRole('status').textContent).toBe('2026-04-01');
  });

  it('name an impossible day in Spanish once the field is left, and give the form the text, which its rules refuse', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Form kind="date" />);
    const input = screen.getByRole('textbox', { name: 'Fecha de inicio' });
    await user.type(input, '31022026');
    expect(screen.queryByText('Escribe una fecha válida con el formato dd-mm-aaaa.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Escribe una fecha válida con el formato dd-mm-aaaa.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('31-02-2026');
  });

  it('take a 24-hour hour and refuse one past 23:59', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Form kind="time" />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Hora de inicio' });
    await user.type(input, '1830');
    expect(input.value).toBe('18:30');
    expect(screen.getByRole('status').textContent).toBe('18:30');
    await user.clear(input);
    await user.type(input, '2500');
    await user.tab();
    expect(screen.getByText('Escribe una hora válida de 00:00 a 23:59, con el formato hh:mm.')).toBeTruthy();
  });
});
