import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput } from '../../../src/web/ui/number-input';
import { renderWithProviders } from '../render';

function Amount({ max, onNumber, onText }: { max?: number; onNumber: (value: number) => void; onText?: (text: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <NumberInput
      label="Monto"
      value={value}
      max={max}
      step={1000}
      onValueChange={({ value: text, valueAsNumber }) => {
        setValue(text);
        onNumber(valueAsNumber);
        onText?.(text);
      }}
    />
  );
}

const field = () => screen.getByLabelText('Monto') as HTMLInputElement;

describe('NumberInput', () => {
  it('groups the thousands as the merchant types, and hands over the number', async () => {
    const onNumber = vi.fn();
    const onText = vi.fn();
    await renderWithProviders(<Amount onNumber={onNumber} onText={onText} />);
    await userEvent.type(field(), '1234567');
    expect(field().value).toBe('1.234.567');
    expect(onNumber).toHaveBeenLastCalledWith(1_234_567);
    // The form's text is the number ungrouped, as its rules read numbers.
    expect(onText).toHaveBeenLastCalledWith('1234567');
  });

  it('takes an amount pasted with a $ sign and spaces', async () => {
    const onNumber = vi.fn();
    await renderWithProviders(<Amount onNumber={onNumber} />);
    await userEvent.click(field());
    await userEvent.paste('$ 2 500 000');
    expect(field().value).toBe('2.500.000');
    expect(onNumber).toHaveBeenLastCalledWith(2_500_000);
  });

  it('refuses a number above its maximum in words, and never changes it, not even on leaving the field', async () => {
    const onNumber = vi.fn();
    await renderWithProviders(<Amount max={100_000_000_000} onNumber={onNumber} />);
    await userEvent.click(field());
    await userEvent.paste('999999999999999999');
    fireEvent.blur(field());
    expect(field().value).toBe('999.999.999.999.999.999');
    expect(screen.getByText('Ingresa un número de hasta 100.000.000.000.')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    // The number handed over is above the maximum too, so the form's own rule refuses it on saving.
    expect(onNumber.mock.lastCall![0]).toBeGreaterThan(100_000_000_000);
  });

  it('without a maximum, refuses a number too long to count exactly rather than rounding it', async () => {
    await renderWithProviders(<Amount onNumber={() => undefined} />);
    await userEvent.click(field());
    await userEvent.paste('99999999999999999');
    expect(field().value).toBe('99.999.999.999.999.999');
    expect(screen.getByText('Ingresa un número de hasta 9.007.199.254.740.991.')).toBeTruthy();
  });

  it('steps from the number shown with the arrow keys and buttons', async () => {
    const onNumber = vi.fn();
    await renderWithProviders(<Amount onNumber={onNumber} />);
    await userEvent.type(field(), '12000');
    await userEvent.keyboard('{ArrowUp}');
    expect(field().value).toBe('13.000');
    await userEvent.click(screen.getByRole('button', { name: 'Aumentar' }));
    expect(field().value).toBe('14.000');
    await userEvent.click(field());
    await userEvent.keyboard('{ArrowDown}');
    expect(field().value).toBe('13.000');
    expect(onNumber).toHaveBeenLastCalledWith(13_000);
  });
});
