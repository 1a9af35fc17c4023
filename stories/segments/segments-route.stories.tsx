import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { sessionUsers } from '../../mocks/fixtures/session';
import { segmentsStore } from '../../mocks/handlers/segments';
import { meAs } from '../../mocks/handlers/session';
import { SegmentsRoute } from '../../src/web/features/segments/routes/segments-route';
import { Toaster } from '../../src/web/ui/toast';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';

/** The container against mocked APIs: the same screen, fed by real queries. */
const meta = {
  title: 'Screens/Segments/SegmentsRoute',
  component: SegmentsRoute,
  parameters: {
    providers: ['query', 'router'],
    route: '/segments',
    msw: { handlers: [meAs(sessionUsers.admin), ...segmentsStore()] },
  },
  render: () => (
    <>
      <SegmentsRoute />
      <Toaster />
    </>
  ),
} satisfies Meta<typeof SegmentsRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Chooses an action from a segment's menu, from the keyboard: the highlight moves down to it. */
async function chooseAction(canvasElement: HTMLElement, segment: string, action: string) {
  const canvas = within(canvasElement);
  const body = within(canvasElement.ownerDocument.body);
  await userEvent.click(await canvas.findByRole('button', { name: `Acciones de ${segment}` }));
  const labels = (await body.findAllByRole('menuitem')).map((item) => item.textContent);
  await userEvent.keyboard(`${'{ArrowDown}'.repeat(labels.indexOf(action) + 1)}{Enter}`);
}

/** Flips the Klaviyo toggle of a segment once Klaviyo's state has loaded. */
async function toggleSync(canvasElement: HTMLElement, segment: string) {
  const card = within(await within(canvasElement).findByRole('article', { name: segment }));
  await userEvent.click(await card.findByRole('checkbox', { name: 'Sincronizar con Klaviyo' }));
  return card;
}

const syncFailing = { msw: { handlers: [meAs(sessionUsers.admin), ...segmentsStore({ failing: ['sync'] })] } };

export const Loaded: Story = {};

/** The custom tab opened from a link. */
export const CustomTab: Story = { parameters: { route: '/segments?tab=custom' } };

export const CustomTabOnPhone: Story = onPhone(CustomTab);

export const Error: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), ...segmentsStore({ failing: ['list', 'stats', 'syncs'] })] } },
};

/** Deleted after the confirmation: gone from the list, with a toast. */
export const DeletesSegment: Story = {
  parameters: { route: '/segments?tab=custom' },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await chooseAction(canvasElement, 'Clientes VIP', 'Eliminar');
    await userEvent.click(await body.findByRole('button', { name: 'Eliminar segmento' }));
    await toastShown(canvasElement, 'Eliminamos el segmento «Clientes VIP».');
    await waitFor(() => expect(within(canvasElement).queryByRole('article', { name: 'Clientes VIP' })).toBeNull());
  },
};

/** The server refused: SPEC §8's words, and the confirmation stays for another try. */
export const DeleteFails: Story = {
  parameters: {
    route: '/segments?tab=custom',
    msw: { handlers: [meAs(sessionUsers.admin), ...segmentsStore({ failing: ['delete'] })] },
    a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } },
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await chooseAction(canvasElement, 'Clientes VIP', 'Eliminar');
    await userEvent.click(await body.findByRole('button', { name: 'Eliminar segmento' }));
    await toastShown(canvasElement, 'No se pudo eliminar el segmento.');
  },
};

/** Turned on: Klaviyo gets the members, the toggle says they are on their way. */
export const TurnsSyncOn: Story = {
  play: async ({ canvasElement }) => {
    const card = await toggleSync(canvasElement, 'Clientes nuevos');
    await expect(await card.findByText('Enviando clientes a Klaviyo…')).toBeVisible();
  },
};

export const SyncFails: Story = {
  parameters: syncFailing,
  play: async ({ canvasElement }) => {
    await toggleSync(canvasElement, 'Clientes nuevos');
    await toastShown(
      canvasElement,
      'No se pudo activar la sincronización de «Clientes nuevos» con Klaviyo. Inténtalo de nuevo en unos minutos.',
    );
  },
};

export const UnsyncFails: Story = {
  parameters: syncFailing,
  play: async ({ canvasElement }) => {
    await toggleSync(canvasElement, 'Clientes de alto valor');
    await toastShown(
      canvasElement,
      'No se pudo desactivar la sincronización de «Clientes de alto valor» con Klaviyo. Inténtalo de nuevo en unos minutos.',
    );
  },
};

export const KlaviyoNotConnected: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), ...segmentsStore({ connected: false })] } },
};

/** A collaborator: toggles shown but disabled, no way to integrations. */
export const AsColaborator: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.colaborator), ...segmentsStore()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/solo un administrador puede cambiarlo/);
    for (const toggle of await canvas.findAllByRole('checkbox')) await expect(toggle).toBeDisabled();
  },
};
