import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  allSegments,
  customSegments,
  defaultSegments,
  segmentBuilding,
  segmentFailed,
  segmentSyncs,
  segmentsStatsFixture,
} from '../../mocks/fixtures/segments';
import { segmentListItems } from '../../src/web/features/segments/routes/segments-route';
import {
  type SegmentListItem,
  SegmentsListScreen,
  type SegmentsListScreenProps,
} from '../../src/web/features/segments/screens/segments-list-screen';
import { userEvent } from '../support/user-event';
import { WithToasts } from '../support/with-toasts';

// An open Ark dialog or menu hides the page behind it from assistive technology, focusable parts included.
const openDialog = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };

const itemsOf = (segments = allSegments, syncs = segmentSyncs) => segmentListItems(segments, segmentsStatsFixture(segments), syncs);
const items = itemsOf();
const custom = (id: number) => items.find((item) => item.id === id) as SegmentListItem;

const args: SegmentsListScreenProps = {
  segments: { status: 'success', data: items },
  onRetry: fn(),
  tab: 'default',
  onTabChange: fn(),
  klaviyoConnected: true,
  canChangeSync: true,
  integrationsHref: '/integrations',
  syncPending: [],
  onSyncChange: fn(),
  downloading: [],
  onAction: fn(),
  detailHref: (id) => `/segments/${id}`,
  campaignHref: (id) => `/campaigns/create?segmentId=${id}`,
  createTypeOpen: false,
  onCreateTypeOpenChange: fn(),
  createHrefs: { simple: '/segments/create?type=simple', advanced: '/segments/create?type=advanced' },
  deleteTarget: null,
  deleting: false,
  onDeleteCancel: fn(),
  onDeleteConfirm: fn(),
};

const meta = {
  title: 'Screens/Segments/SegmentsList',
  component: SegmentsListScreen,
  args,
} satisfies Meta<typeof SegmentsListScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The six default segments, one of them synced to Klaviyo. */
export const DefaultTab: Story = {};

export const DefaultTabOnPhone: Story = onPhone(DefaultTab);

/** The merchant's own segments, one synced, with edit and delete in their menus. */
export const CustomTab: Story = { args: { tab: 'custom' } };

export const CustomTabOnPhone: Story = onPhone(CustomTab);

/** No custom segment yet: what they are for, and the way to create the first. */
export const CustomEmpty: Story = {
  args: { tab: 'custom', segments: { status: 'success', data: itemsOf(defaultSegments) } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Crear mi primer segmento' }));
    await expect(args.onCreateTypeOpenChange).toHaveBeenCalledWith(true);
  },
};

export const CustomEmptyOnPhone: Story = onPhone<Story>({ args: CustomEmpty.args });

/** "Crear segmento" asks which form: simple or advanced, each a link to its form. */
export const CreateTypeModal: Story = {
  args: { createTypeOpen: true },
  parameters: openDialog,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: '¿Qué tipo de segmento quieres crear?' });
    const simple = within(dialog).getByRole('link', { name: /Simple/ });
    await expect(simple).toHaveAttribute('href', '/segments/create?type=simple');
    const advanced = within(dialog).getByRole('link', { name: /Avanzado/ });
    await expect(advanced).toHaveAttribute('href', '/segments/create?type=advanced');
    // From the keyboard, so the picture always shows the focus on the second choice: once the dialog has
    // put it on the first (on a busy machine it does so after the dialog shows).
    await waitFor(() => expect(simple).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(advanced).toHaveFocus());
  },
};

export const CreateTypeModalOnPhone = onPhone(CreateTypeModal);

/** Opens a segment's actions menu and returns its items' labels. */
async function openMenu(canvasElement: HTMLElement, segment: string) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: `Acciones de ${segment}` }));
  const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

/** A custom segment's menu: edit, download, delete (choosing one is covered by the route's tests). */
export const ActionsMenu: Story = {
  args: { tab: 'custom' },
  parameters: openDialog,
  play: async ({ canvasElement }) => {
    await expect(await openMenu(canvasElement, 'Clientes VIP')).toEqual(['Editar', 'Descargar XLSX', 'Eliminar']);
  },
};

export const ActionsMenuOnPhone: Story = onPhone(ActionsMenu);

/** A default segment's menu only downloads: defaults are neither edited nor deleted. */
export const DefaultActionsMenu: Story = {
  parameters: openDialog,
  play: async ({ canvasElement }) => {
    await expect(await openMenu(canvasElement, 'Clientes nuevos')).toEqual(['Descargar XLSX']);
  },
};

/** Deleting is irreversible: the confirmation says so. */
export const DeleteConfirmation: Story = {
  args: { tab: 'custom', deleteTarget: custom(22) },
  parameters: openDialog,
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: '¿Eliminar «Clientes VIP»?' });
    await expect(within(dialog).getByText(/no se puede deshacer/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar segmento' }));
    await expect(args.onDeleteConfirm).toHaveBeenCalledOnce();
  },
};

export const DeleteConfirmationOnPhone: Story = onPhone<Story>({ args: DeleteConfirmation.args, parameters: openDialog });

export const Deleting: Story = {
  args: { tab: 'custom', deleteTarget: custom(22), deleting: true },
  parameters: { ...openDialog, visual: { waitFor: '[role="alertdialog"] button[aria-busy="true"]' } },
};

/** The toast when the server refuses the deletion, in SPEC §8's words. */
export const DeleteFailed: Story = {
  args: { tab: 'custom' },
  render: (storyArgs) => (
    <>
      <SegmentsListScreen {...storyArgs} />
      <WithToasts toasts={[{ status: 'error', message: 'No se pudo eliminar el segmento.' }]} />
    </>
  ),
};

const syncOf = (state: SegmentListItem['sync']) => items.map((item) => (item.id === 22 ? { ...item, sync: state } : item));

/** Synced: the toggle on, with how many contacts the Klaviyo list holds. */
export const SyncOn: Story = {
  args: { tab: 'custom', segments: { status: 'success', data: syncOf({ state: 'synced', members: 19 }) } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const card = within(canvas.getByRole('article', { name: 'Clientes VIP' }));
    await expect(card.getByText('Sincronizado: 19 contactos en la lista de Klaviyo.')).toBeVisible();
    await userEvent.click(card.getByRole('checkbox', { name: 'Sincronizar con Klaviyo' }));
    await expect(args.onSyncChange).toHaveBeenCalledWith(expect.objectContaining({ id: 22 }), false);
  },
};

/** Not synced: the toggle off. */
export const SyncOff: Story = {
  args: { tab: 'custom', segments: { status: 'success', data: syncOf({ state: 'off' }) } },
  play: async ({ args, canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'Clientes VIP' }));
    await userEvent.click(card.getByRole('checkbox', { name: 'Sincronizar con Klaviyo' }));
    await expect(args.onSyncChange).toHaveBeenCalledWith(expect.objectContaining({ id: 22 }), true);
  },
};

/** Just turned on: the members are on their way to Klaviyo. */
export const Syncing: Story = { args: { tab: 'custom', segments: { status: 'success', data: syncOf({ state: 'syncing' }) } } };

/** The change being saved: the toggle busy. */
export const SyncSaving: Story = {
  args: { tab: 'custom', syncPending: [22] },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

/** Klaviyo refused the sync: why, in the merchant's words, and where to fix it. */
export const SyncFailed: Story = {
  args: { tab: 'custom', segments: { status: 'success', data: syncOf({ state: 'failed', failure: 'invalidKey' }) } },
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'Clientes VIP' }));
    await expect(card.getByText('Klaviyo ya no acepta la clave de API conectada.')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Revisar la integración' })).toHaveAttribute('href', '/integrations');
  },
};

export const SyncFailedOnPhone: Story = onPhone(SyncFailed);

/** Klaviyo kept failing: turning the sync off and on again retries, nothing to fix in the integration. */
export const SyncFailedOnPlatform: Story = {
  args: { tab: 'custom', segments: { status: 'success', data: syncOf({ state: 'failed', failure: 'platformError' }) } },
};

/** Klaviyo not connected: no toggles, a note with the way to connect it. */
export const KlaviyoNotConnected: Story = {
  args: { klaviyoConnected: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Conectar Klaviyo' })).toHaveAttribute('href', '/integrations');
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};

/** A collaborator sees the toggles but cannot change them, and is told who can. */
export const AsColaborator: Story = {
  args: {
    tab: 'custom',
    canChangeSync: false,
    integrationsHref: undefined,
    segments: { status: 'success', data: syncOf({ state: 'failed', failure: 'invalidKey' }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const toggle of canvas.getAllByRole('checkbox')) await expect(toggle).toBeDisabled();
    await expect(canvas.queryByRole('link', { name: 'Revisar la integración' })).toBeNull();
  },
};

export const AsColaboratorOnPhone: Story = onPhone(AsColaborator);

/** A collaborator in a store without Klaviyo: told so, with no link to a page they cannot open. */
export const KlaviyoNotConnectedAsColaborator: Story = {
  args: { klaviyoConnected: false, canChangeSync: false, integrationsHref: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link', { name: 'Conectar Klaviyo' })).toBeNull();
  },
};

const building = (status: 'queued' | 'inProgress' | 'processingData') => {
  const segments = [...defaultSegments, segmentBuilding(customSegments[0]!, status), ...customSegments.slice(1)];
  return { tab: 'custom' as const, segments: { status: 'success' as const, data: itemsOf(segments) } };
};

/** Just created: waiting for the job that finds its members ("En cola"). */
export const Queued: Story = {
  args: building('queued'),
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'Mayoristas sin compras este año' }));
    await expect(card.getByText('En cola')).toBeVisible();
    await expect(card.getByText('Calculando clientes…')).toBeVisible();
  },
};

export const InProgress: Story = { args: building('inProgress') };

export const ProcessingData: Story = { args: building('processingData') };

export const QueuedOnPhone: Story = onPhone<Story>({ args: Queued.args });

/** Its members could not be computed: the card says why, and the store's other segments go on. */
export const BuildFailed: Story = {
  args: {
    tab: 'custom',
    segments: {
      status: 'success',
      data: itemsOf([...defaultSegments, segmentFailed(customSegments[0]!), ...customSegments.slice(1)]),
    },
  },
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'Mayoristas sin compras este año' }));
    await expect(card.getByText('No se pudo calcular')).toBeVisible();
    await expect(card.getByText(/Revisa sus valores y guarda el segmento de nuevo/)).toBeVisible();
    await expect(card.getByText('Sin clientes calculados')).toBeVisible();
  },
};

export const BuildFailedOnPhone: Story = onPhone<Story>({ args: BuildFailed.args });

export const Loading: Story = {
  args: { segments: { status: 'loading' }, klaviyoConnected: undefined },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

export const Error: Story = {
  args: { segments: { status: 'error', cause: 'server' }, klaviyoConnected: undefined },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(args.onRetry).toHaveBeenCalledOnce());
  },
};

export const Offline: Story = { args: { segments: { status: 'error', cause: 'network' }, klaviyoConnected: undefined } };

export const ErrorOnPhone: Story = onPhone<Story>({ args: Error.args });
