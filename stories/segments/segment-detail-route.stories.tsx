import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { sessionUsers } from '../../mocks/fixtures/session';
import { segmentsStore } from '../../mocks/handlers/segments';
import { meAs } from '../../mocks/handlers/session';
import { SegmentDetailRoute } from '../../src/web/features/segments/routes/segment-detail-route';
import { Toaster } from '../../src/web/ui/toast';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';

/** The container against mocked APIs, at /segments/:id. */
const meta = {
  title: 'Screens/Segments/SegmentDetailRoute',
  component: SegmentDetailRoute,
  parameters: {
    providers: ['query', 'router'],
    route: '/segments/22',
    msw: { handlers: [meAs(sessionUsers.admin), ...segmentsStore()] },
  },
  render: () => (
    <>
      <Routes>
        <Route path="/segments/:id" element={<SegmentDetailRoute />} />
      </Routes>
      <Toaster />
    </>
  ),
} satisfies Meta<typeof SegmentDetailRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};

export const LoadedOnPhone: Story = onPhone<Story>({});

/** Opened from a link sorted by name and searched: the server's rows, the header marked. */
export const SortedAndSearchedFromAddress: Story = {
  parameters: { route: '/segments/22?sort=name&q=gonzalez' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('th[aria-sort="ascending"]')).toHaveTextContent('Nombre'));
    await expect(within(canvasElement).getByRole('searchbox')).toHaveValue('gonzalez');
  },
};

export const DownloadFails: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), ...segmentsStore({ failing: ['download'] })] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Página 1 de 3');
    await userEvent.click(canvas.getByRole('button', { name: 'Descargar XLSX' }));
    await toastShown(canvasElement, 'No se pudo descargar el segmento. Inténtalo de nuevo en unos minutos.');
  },
};

export const NotFound: Story = { parameters: { route: '/segments/999' } };

export const Error: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), ...segmentsStore({ failing: ['segment'] })] } },
};
