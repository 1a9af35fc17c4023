import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { presetRange } from '../../src/shared/date-ranges';
import { DateRangePicker, type DateRangePickerProps } from '../../src/web/ui/date-range-picker';

// The day Storybook's clock is frozen on.
const today = '2026-03-15';

function PickerDemo(props: Omit<DateRangePickerProps, 'onValueChange'>) {
  const [value, setValue] = useState(props.value);
  return <DateRangePicker {...props} value={value} onValueChange={setValue} />;
}

const meta = {
  title: 'UI/Dates/DateRangePicker',
  component: PickerDemo,
  tags: ['autodocs'],
  args: {
    label: 'Período',
    today,
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
/** Every preset of SPEC §9, the calendar and the granularity. */
export const Open: Story = { args: { defaultOpen: true } };
export const CustomRange: Story = {
  args: {
    defaultOpen: true,
    value: { range: { from: '2026-03-03', to: '2026-03-12' }, preset: 'custom', granularity: 'day' },
  },
};
/** A year offers week and month only: daily points would be unreadable. */
export const PreviousYearByMonth: Story = {
  args: {
    defaultOpen: true,
    value: { range: presetRange('previousYear', today), preset: 'previousYear', granularity: 'month' },
  },
};
export const Disabled: Story = { args: { disabled: true } };
export const Invalid: Story = { args: { error: 'Elige un rango de fechas.' } };
