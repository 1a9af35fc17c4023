import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { css } from 'styled-system/css';
import { presetRange } from '../../src/shared/date-ranges';
import { DateRangePicker, type DateRangePickerProps } from '../../src/web/ui/date-range-picker';
import { userEvent } from '../support/user-event';

// The day Storybook's clock is frozen on.
const today = '2026-03-15';

function PickerDemo(props: Omit<DateRangePickerProps, 'onValueChange'>) {
  const [value, setValue] = useState(props.value);
  return <DateRangePicker {...props} value={value} onValueChange={setValue} />;
}

/** Opens the picker from its trigger, as a merchant does, and checks that focus moved into it. */
async function openPicker(canvasElement: HTMLElement, triggerName: RegExp) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: triggerName }));
  const dialog = await screen.findByRole('dialog', { name: 'Elegir rango de fechas' });
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement | null));
  return within(dialog);
}

const meta = {
  title: 'UI/Dates/DateRangePicker',
  component: PickerDemo,
  tags: ['autodocs'],
  args: {
    label: 'Período',
    today,
    min: '2000-01-01',
    value: { range: presetRange('last30Days', today), preset: 'last30Days', granularity: 'day' },
  },
  decorators: [
    (Story) => (
      <div className={css({ minH: '96', pb: '96' })}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PickerDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** On a preset: every preset of SPEC §9, the last 30 days over two months, and the granularity. */
export const OpenOnPreset: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openPicker(canvasElement, /^Últimos 30 días/);
    await expect(dialog.getByRole('button', { name: 'Últimos 30 días' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getAllByRole('grid')).toHaveLength(2);
  },
};

/** A custom range across two months, shown side by side, its ends typed in the inputs. */
export const CustomRange: Story = {
  args: { value: { range: { from: '2026-02-20', to: '2026-03-10' }, preset: 'custom', granularity: 'day' } },
  play: async ({ canvasElement }) => {
    const dialog = await openPicker(canvasElement, /^Personalizado/);
    await expect(dialog.getByRole('grid', { name: 'febrero 2026' })).toBeVisible();
    await expect(dialog.getByRole('grid', { name: 'marzo 2026' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Desde' })).toHaveValue('20-02-2026');
    await expect(dialog.getByRole('textbox', { name: 'Hasta' })).toHaveValue('10-03-2026');
  },
};

/** A year offers week and month only: daily points would be unreadable. */
export const PreviousYearByMonth: Story = {
  args: { value: { range: presetRange('previousYear', today), preset: 'previousYear', granularity: 'month' } },
  play: async ({ canvasElement }) => {
    const dialog = await openPicker(canvasElement, /^Año anterior/);
    await expect(dialog.getByRole('button', { name: 'Día' })).toBeDisabled();
  },
};

/** Typed dates that cannot be applied: a day that does not exist and a day after today, each with its reason. */
export const TypedDateError: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openPicker(canvasElement, /^Últimos 30 días/);
    const from = dialog.getByRole('textbox', { name: 'Desde' });
    await userEvent.clear(from);
    await userEvent.type(from, '31-02-2026');
    const to = dialog.getByRole('textbox', { name: 'Hasta' });
    await userEvent.clear(to);
    await userEvent.type(to, '20-03-2026');
    await userEvent.click(dialog.getByRole('button', { name: 'Aplicar' }));
    await expect(dialog.getByText('Escribe una fecha válida con el formato dd-mm-aaaa.')).toBeVisible();
    await expect(dialog.getByText('La fecha no puede ser posterior a hoy.')).toBeVisible();
    await expect(from).toHaveFocus();
  },
};

/** On a phone: one month, the presets above it, all within the screen's width. */
export const OnPhone: Story = {
  parameters: { visual: { viewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await openPicker(canvasElement, /^Últimos 30 días/);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const Disabled: Story = { args: { disabled: true } };
export const Invalid: Story = { args: { error: 'Elige un rango de fechas.' } };
