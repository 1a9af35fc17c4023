import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import { css } from 'styled-system/css';
import { Badge } from '../../src/web/ui/badge';
import { RadioCardGroup } from '../../src/web/ui/radio-card';
import { userEvent } from '../support/user-event';

const text = css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' });
const name = css({ fontWeight: 'semibold', color: 'fg.default' });
const note = css({ textStyle: 'note', color: 'fg.muted' });
const price = css({ fontSize: '2xl', fontWeight: 'bold', color: 'fg.default' });

const option = (value: string, title: string, description: string) => ({
  value,
  content: (
    <span className={text}>
      <span className={name}>{title}</span>
      <span className={note}>{description}</span>
    </span>
  ),
});

const types = [
  option('conversion', 'Conversión', 'Campaña 24/7 para vender todos los días a los clientes de tu segmento.'),
  option('retargeting', 'Retargeting', 'Catálogo 24/7 que muestra sus productos a quienes dejaron su carro abandonado.'),
  option('remarketing', 'Remarketing', 'Vuelve a aparecer ante clientes que ya te compraron para que regresen.'),
  option('cyberdays', 'Cyberdays', 'Campaña de ofertas para un evento de descuentos, con fecha de inicio y término.'),
];

const plan = (value: string, title: string, amount: string, badge?: string) => ({
  value,
  content: (
    <>
      <span className={name}>{title}</span>
      {badge ? <Badge tone="success">{badge}</Badge> : null}
      <span className={price}>{amount}</span>
      <span className={note}>al mes</span>
    </>
  ),
});

const plans = [
  plan('inicial', 'Inicial', 'US$29'),
  plan('crecimiento', 'Crecimiento', 'US$59', 'Recomendado'),
  plan('avanzado', 'Avanzado', 'US$119'),
];

const meta = {
  title: 'UI/Forms/RadioCard',
  component: RadioCardGroup,
  tags: ['autodocs'],
  args: { legend: 'Tipo de campaña', name: 'type', options: types, value: null, onValueChange: fn() },
} satisfies Meta<typeof RadioCardGroup<string>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Chosen: Story = { args: { value: 'cyberdays' } };
export const Invalid: Story = { args: { invalid: true } };
/** The choice is fixed (a campaign that exists): the chosen card stays ringed, no card can be chosen. */
export const Fixed: Story = { args: { value: 'conversion', disabled: true } };

/** Rich cards on the page, side by side as they fit: the ring alone says the choice. */
export const WithoutIndicator: Story = {
  args: { legend: 'Planes', name: 'plan', options: plans, value: 'crecimiento', columns: 'fit', surface: 'page', indicator: 'none' },
};
/** Only looking: the chosen card stays reachable, the others cannot be chosen. */
export const WithoutIndicatorOnlyLooking: Story = {
  args: {
    ...WithoutIndicator.args,
    options: plans.map((item) => ({ ...item, disabled: item.value !== 'crecimiento' })),
  },
};

/** From the keyboard: Tab reaches the chosen card, an arrow chooses the next; the focus ring replaces the chosen ring. */
export const ChosenFromKeyboard: Story = {
  args: { value: 'conversion' },
  render: function Render(args) {
    return <ControlledRadioCards {...args} />;
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: /Conversión/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: /Retargeting/ })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenCalledWith('retargeting');
  },
};

function ControlledRadioCards(props: Parameters<typeof RadioCardGroup<string>>[0]) {
  const [value, setValue] = useState(props.value);
  return (
    <RadioCardGroup
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange(next);
      }}
    />
  );
}
