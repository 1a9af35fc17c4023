import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../../src/web/ui/button';
import { Modal } from '../../src/web/ui/dialog';
import { NumberInput } from '../../src/web/ui/number-input';

const meta = {
  title: 'UI/Overlays/Dialog',
  component: Modal,
  tags: ['autodocs'],
  args: { id: 'dialog', title: 'Título', defaultOpen: true },
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  args: {
    defaultOpen: false,
    title: 'Eliminar segmento',
    trigger: <Button variant="danger">Eliminar segmento</Button>,
  },
};

export const Form: Story = {
  args: {
    title: 'Inversión anual en marketing',
    description: 'Usamos este monto para calcular tu costo de adquisición.',
    children: <NumberInput id="investment" label="Monto anual (CLP)" defaultValue="12000000" min={0} />,
    footer: (
      <>
        <Button variant="outline">Cancelar</Button>
        <Button>Guardar</Button>
      </>
    ),
  },
};

export const FormSaving: Story = {
  args: {
    ...Form.args,
    footer: (
      <>
        <Button variant="outline" disabled>
          Cancelar
        </Button>
        <Button loading>Guardando…</Button>
      </>
    ),
  },
  parameters: { visual: { waitFor: 'button[data-loading]' } },
};

export const Info: Story = {
  args: {
    title: 'Campañas automatizadas',
    description: 'Se envían solas cuando un cliente entra a un segmento, recibe su pedido o abandona su carrito.',
    footer: <Button>Entendido</Button>,
  },
};
