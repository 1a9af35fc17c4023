import { type ComponentType, useState } from 'react';
import { expect, within } from 'storybook/test';
import type { DateInputProps } from '../../src/web/ui/date-time-input';
import { userEvent } from '../support/user-event';

/** What the date and the hour inputs' stories share: the input held as a form holds it, and typing an impossible value. */

/** Renders `Input` as a form holds it: its value changes only through `onValueChange`. */
export function heldBy(Input: ComponentType<DateInputProps>) {
  function Held({ value: initial, ...props }: DateInputProps) {
    const [value, setValue] = useState(initial);
    return <Input {...props} value={value} onValueChange={setValue} />;
  }
  return (args: DateInputProps) => <Held {...args} />;
}

/** Types `digits` on the numeric keypad into the input named `label`, leaves it, and waits for `error`. */
export const typesImpossible =
  (label: string, digits: string, error: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: label }), digits);
    await userEvent.tab();
    await expect(canvas.getByText(error)).toBeVisible();
  };
