import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { emptySegment, segmentBuilding, segmentCustomersPage, segmentFailed, segmentStatsFixture } from '../../mocks/fixtures/segments';
import { SegmentDetailScreen } from '../../src/web/features/segments/screens/segment-detail-screen';
import { userEvent } from '../support/user-event';
import { WithToasts } from '../support/with-toasts';
import { segmentDetailArgs, vip } from './segment-detail-args';

const { customers } = segmentDetailArgs;

const meta = {
  title: 'Screens/Segments/SegmentDetail',
  component: SegmentDetailScreen,
  args: segmentDetailArgs,
} satisfies Meta<typeof SegmentDetailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Built: SPEC §3's six metrics, then its members page by page. */
export const Ready: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Página 1 de 3')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Pedidos/ }));
    await expect(args.customers.onOrderChange).toHaveBeenCalledWith({ sort: 'orders', order: 'desc' });
  },
};

/** On a phone each member is a block of values, each under its column's name, sorted by the buttons above them. */
export const ReadyOnPhone: Story = onPhone<Story>({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cells = within(canvas.getAllByRole('row')[1]!).getAllByRole('cell');
    await expect(cells.map((cell) => cell.dataset.label)).toEqual([
      undefined,
      'Correo',
      'Teléfono',
      'Acepta correos',
      'Pedidos',
      'Monto comprado',
      'Último pedido',
    ]);
    for (const cell of cells) {
      await expect(cell).toBeVisible();
      await expect(cell.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
});

/** A segment of 10.415 members: "Página 1 de 1.042" and both arrows fit beside each other on a phone. */
export const ThousandPagesOnPhone: Story = onPhone<Story>({
  args: {
    customers: {
      ...customers,
      customers: { status: 'success', data: { ...segmentCustomersPage(vip), totalRows: 10_415, totalPages: 1042 } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Página 1 de 1.042')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Página anterior' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Página siguiente' })).toBeVisible();
  },
});

/** A default segment: its texts are the app's, and it is not edited. */
export const DefaultSegment: Story = {
  args: {
    segment: { status: 'success', data: { ...vip, id: 4, key: 'newCustomers', name: null, description: null } },
    editHref: undefined,
  },
};

const buildingArgs = (status: 'queued' | 'inProgress' | 'processingData') => ({
  segment: { status: 'success' as const, data: segmentBuilding(vip, status) },
});

/** Waiting for its build: the data may take a few minutes. */
export const Queued: Story = {
  args: buildingArgs('queued'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/pueden tardar unos minutos/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Descargar XLSX' })).toBeDisabled();
  },
};

export const InProgress: Story = { args: buildingArgs('inProgress') };

export const ProcessingData: Story = { args: buildingArgs('processingData') };

export const InProgressOnPhone: Story = onPhone<Story>({ args: InProgress.args });

/** Its build used up its attempts: the reason, in the server's words, instead of figures. */
export const BuildFailed: Story = {
  args: { segment: { status: 'success', data: segmentFailed(vip) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(/Revisa sus valores y guarda el segmento de nuevo/);
    await expect(canvas.getByText('No se pudo calcular')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Descargar XLSX' })).toBeDisabled();
  },
};

/** Nobody meets its rules yet. */
export const EmptySegment: Story = {
  args: {
    segment: { status: 'success', data: emptySegment },
    stats: { status: 'success', data: segmentStatsFixture(emptySegment) },
    customers: { ...customers, customers: { status: 'success', data: segmentCustomersPage(emptySegment) } },
  },
};

export const EmptySegmentOnPhone: Story = onPhone<Story>({ args: EmptySegment.args });

/** A search that finds no member, with the way back. */
export const SearchWithoutResults: Story = {
  args: {
    customers: { ...customers, search: 'sandalias', customers: { status: 'success', data: segmentCustomersPage(vip, { q: 'sandalias' }) } },
  },
};

/** The last page of members. */
export const LastPage: Story = {
  args: { customers: { ...customers, page: 3, customers: { status: 'success', data: segmentCustomersPage(vip, { page: 3 }) } } },
};

export const Downloading: Story = {
  args: { downloading: true },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

/** The XLSX could not be downloaded: the toast says so. */
export const DownloadFailed: Story = {
  render: (storyArgs) => (
    <>
      <SegmentDetailScreen {...storyArgs} />
      <WithToasts toasts={[{ status: 'error', message: 'No se pudo descargar el segmento. Inténtalo de nuevo en unos minutos.' }]} />
    </>
  ),
};

export const DownloadFailedOnPhone: Story = onPhone<Story>({ render: DownloadFailed.render });

export const Loading: Story = {
  args: { segment: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

/** The segment is known but its figures and members are still coming. */
export const FiguresLoading: Story = {
  args: { stats: { status: 'loading' }, customers: { ...customers, customers: { status: 'loading' } } },
  parameters: { visual: { waitFor: '[data-testid="kpi-skeleton"]' } },
};

export const Error: Story = { args: { segment: { status: 'error', cause: 'server' } } };

/** The figures failed while the segment loaded: each part offers its retry. */
export const FiguresError: Story = {
  args: { stats: { status: 'error', cause: 'server' }, customers: { ...customers, customers: { status: 'error', cause: 'network' } } },
};

/** Deleted, or never there. */
export const NotFound: Story = { args: { segment: { status: 'success', data: null } } };
