import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ConfirmDialog } from '../../src/web/ui/confirm-dialog';

const meta = {
  title: 'UI/Overlays/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    id: 'confirm',
    open: true,
    texts: {
      title: '¿Eliminar el segmento «Clientes frecuentes»?',
      description: 'Sus datos se eliminarán de forma irreversible.',
      cancel: 'Cancelar',
      confirm: 'Eliminar',
      pending: 'Eliminando…',
    },
    onCancel: fn(),
    onConfirm: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What cannot be undone: cancel, and the destructive action last. */
export const Danger: Story = {};
/** The action is under way: nothing can be cancelled, and the dialog stays until it ends. */
export const Pending: Story = { args: { pending: true }, parameters: { visual: { waitFor: 'button[data-loading]' } } };
/** A safe action (signing out the other devices). */
export const Accent: Story = {
  args: {
    tone: 'accent',
    texts: {
      title: '¿Cerrar sesión en los demás dispositivos?',
      description: 'Tendrás que volver a ingresar en los otros navegadores y dispositivos donde usas esta cuenta.',
      cancel: 'Cancelar',
      confirm: 'Cerrar sesiones',
    },
  },
};
/** Why the last try failed, below the question. */
export const Failed: Story = {
  args: {
    children: <p role="alert">No pudimos eliminar el segmento. Inténtalo de nuevo en unos minutos.</p>,
  },
};
