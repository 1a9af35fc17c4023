import type { Meta, StoryObj } from '@storybook/react-vite';
import { onPhone } from '../../.storybook/visual-parameters';
import { TimeInput } from '../../src/web/ui/date-time-input';
import { heldBy, typesImpossible } from './typed-input-story';

const meta = {
  title: 'UI/Forms/TimeInput',
  component: TimeInput,
  render: heldBy(TimeInput),
  args: {
    label: 'Hora de inicio',
    name: 'startTime',
    value: '',
    onValueChange: () => {},
    helperText: 'Las horas son de Chile continental.',
  },
} satisfies Meta<typeof TimeInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: '09:30' } };
/** An hour past 23:59, typed on the numeric keypad and left. */
export const Invalid: Story = {
  play: typesImpossible('Hora de inicio', '2575', 'Escribe una hora válida de 00:00 a 23:59, con el formato hh:mm.'),
};
export const Disabled: Story = { args: { value: '09:30', disabled: true } };
export const InvalidOnPhone: Story = onPhone(Invalid);
