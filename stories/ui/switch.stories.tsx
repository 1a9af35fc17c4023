import type { Meta, StoryObj } from '@storybook/react-vite';
import { Switch } from '../../src/web/ui/switch';

const meta = {
  title: 'UI/Forms/Switch',
  component: Switch,
  tags: ['autodocs'],
  args: { id: 'segment-sync', name: 'sync', label: 'Sincronizar con Klaviyo' },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const On: Story = { args: { defaultChecked: true } };
export const Saving: Story = {
  args: { defaultChecked: true, loading: true },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};
export const Invalid: Story = { args: { error: 'No pudimos sincronizar el segmento. Revisa tu integración con Klaviyo.' } };
export const Disabled: Story = { args: { disabled: true, helperText: 'Conecta Klaviyo para sincronizar segmentos.' } };
