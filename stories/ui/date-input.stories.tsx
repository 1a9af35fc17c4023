import type { Meta, StoryObj } from '@storybook/react-vite';
import { onPhone } from '../../.storybook/visual-parameters';
import { DateInput } from '../../src/web/ui/date-time-input';
import { heldBy, typesImpossible } from './typed-input-story';

const meta = {
  title: 'UI/Forms/DateInput',
  component: DateInput,
  render: heldBy(DateInput),
  args: { label: 'Fecha de inicio', name: 'startDate', value: '', onValueChange: () => {} },
} satisfies Meta<typeof DateInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: '2026-03-20' } };
/** A day that does not exist, typed on the numeric keypad and left. */
export const Invalid: Story = {
  play: typesImpossible('Fecha de inicio', '31022026', 'Escribe una fecha válida con el formato dd-mm-aaaa.'),
};
/** The form's own rule, beside a day that reads well. */
export const WithFormError: Story = { args: { value: '2026-03-14', error: 'El inicio no puede ser anterior a este momento.' } };
export const Disabled: Story = { args: { value: '2026-03-20', disabled: true } };
export const InvalidOnPhone: Story = onPhone(Invalid);
