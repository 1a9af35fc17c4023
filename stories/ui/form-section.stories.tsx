import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../../src/web/ui/button';
import { TextInput } from '../../src/web/ui/field';
import { FormSection, formLayout } from '../../src/web/ui/form-layout';

const meta = {
  title: 'UI/Forms/FormSection',
  component: FormSection,
  tags: ['autodocs'],
  args: {
    title: 'Información general',
    description: 'El nombre y las fechas de la campaña.',
    children: (
      <>
        <TextInput label="Nombre" name="name" defaultValue="Verano 2026" />
        <div className={formLayout.pair}>
          <TextInput type="date" label="Inicio" name="start" defaultValue="2026-03-20" />
          <TextInput type="date" label="Término" name="end" defaultValue="2026-04-20" />
        </div>
      </>
    ),
  },
  render: (args) => (
    <form className={formLayout.form}>
      <FormSection {...args} />
      <div className={formLayout.footer}>
        <Button variant="ghost">Cancelar</Button>
        <div className={formLayout.buttons}>
          <Button variant="outline">Atrás</Button>
          <Button>Siguiente</Button>
        </div>
      </div>
    </form>
  ),
} satisfies Meta<typeof FormSection>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};
export const WithError: Story = {
  args: {
    description: undefined,
    children: (
      <>
        <TextInput label="Nombre" name="name" error="Ingresa un nombre." />
        <p role="alert" className={formLayout.alert}>
          Revisa los campos marcados.
        </p>
      </>
    ),
  },
};
