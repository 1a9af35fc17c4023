import type { Meta, StoryObj } from '@storybook/react-vite';
import { css } from 'styled-system/css';
import { Button } from '../../src/web/ui/button';
import { PageHeader } from '../../src/web/ui/page-header';

const meta = {
  title: 'UI/Layout/PageHeader',
  component: PageHeader,
  tags: ['autodocs'],
  args: {
    title: 'Integraciones',
    description: 'Conecta tu tienda y los canales con los que hablas con tus clientes.',
  },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithDescription: Story = {};
export const TitleOnly: Story = { args: { title: 'Mi cuenta', description: undefined } };
/** The page's own controls sit beside the title and drop below it when the width runs out. */
export const WithActions: Story = {
  args: {
    title: 'Segmentos',
    description: 'Agrupa a tus clientes según cómo compran.',
    actions: (
      <>
        <Button variant="outline">Exportar</Button>
        <Button>Crear segmento</Button>
      </>
    ),
  },
};
/** On a phone. */
export const Narrow: Story = {
  ...WithActions,
  decorators: [
    (Story) => (
      <div className={css({ maxW: 'xs' })}>
        <Story />
      </div>
    ),
  ],
};
