import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { Button } from '../../src/web/ui/button';
import { EmptyState, LoadErrorState } from '../../src/web/ui/empty-state';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'UI/Feedback/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: { title: 'Aún no tienes segmentos', description: 'Agrupa a tus clientes para enviarles campañas a la medida.' },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const TitleOnly: Story = { args: { description: undefined } };
export const WithAction: Story = { args: { action: <Button>Crear segmento</Button> } };

const showLast12Months = fn();
const openIntegrations = fn();
/** A main way out and a quieter second one, side by side; the main one first. */
export const WithTwoActions: Story = {
  args: {
    title: 'Sin ventas en este período',
    description: 'Aquí verás cómo evolucionan tus ingresos y pedidos. Prueba con otro rango de fechas.',
    action: <Button onClick={showLast12Months}>Ver los últimos 12 meses</Button>,
    secondaryAction: (
      <Button variant="outline" onClick={openIntegrations}>
        Revisar la conexión de la tienda
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const buttons = within(canvasElement).getAllByRole('button');
    await expect(buttons.map((button) => button.textContent)).toEqual(['Ver los últimos 12 meses', 'Revisar la conexión de la tienda']);
    await userEvent.click(buttons[0]!);
    await expect(showLast12Months).toHaveBeenCalledOnce();
    await userEvent.click(buttons[1]!);
    await expect(openIntegrations).toHaveBeenCalledOnce();
  },
};
/** On a phone the second action wraps below the first. */
export const WithTwoActionsOnPhone: Story = onPhone(WithTwoActions);
export const Error: Story = { render: () => <LoadErrorState onRetry={fn()} /> };
/** No answer came back: the merchant's connection, not our side. */
export const NetworkError: Story = { render: () => <LoadErrorState cause="network" onRetry={fn()} /> };
