import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { sessionUsers } from '../../mocks/fixtures/session';
import {
  accountHandlers,
  closeOtherSessionsAnswer,
  closeOtherSessionsFails,
  updateAccountDetailsFails,
} from '../../mocks/handlers/account';
import { meAs } from '../../mocks/handlers/session';
import { billingStore } from '../../mocks/handlers/subscription';
import { accountDetailsAnswer } from '../../mocks/handlers/team';
import { AccountRoute } from '../../src/web/features/account/routes/account-route';
import { Toaster } from '../../src/web/ui/toast';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';

/** The container against mocked APIs: the name saved, the password changed, the other sessions closed. */
const meta = {
  title: 'Screens/Account/AccountRoute',
  component: AccountRoute,
  args: { storeTab: null },
  parameters: {
    providers: ['query', 'router'],
    route: '/account',
    // Named groups: a story replaces `account` with its own answers first (the first handler that matches answers).
    msw: {
      handlers: { session: [meAs(sessionUsers.admin), accountDetailsAnswer()], account: accountHandlers, billing: billingStore() },
    },
  },
  render: (args) => (
    <>
      <AccountRoute {...args} />
      <Toaster />
    </>
  ),
} satisfies Meta<typeof AccountRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Loaded: Story = {};

export const SavesName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Editar nombre' }));
    const field = canvas.getByLabelText('Nombre');
    await userEvent.clear(field);
    await userEvent.type(field, '  Camila Soto Pérez ');
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }));
    await toastShown(canvasElement, 'Guardamos tu nombre.');
    // The page shows the name as saved, and the focus is back on the button that opened the form.
    await expect(canvas.getByText('Camila Soto Pérez')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Editar nombre' })).toHaveFocus();
  },
};

export const NameSaveFails: Story = {
  parameters: { msw: { handlers: { account: [updateAccountDetailsFails(), ...accountHandlers] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Editar nombre' }));
    await userEvent.type(canvas.getByLabelText('Nombre'), ' Pérez');
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('No pudimos guardar tu nombre. Inténtalo de nuevo en unos minutos.');
  },
};

/** Opens the password dialog, types both passwords and saves. */
async function changePassword(canvasElement: HTMLElement, current: string, next: string) {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Cambiar contraseña' }));
  const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Cambiar contraseña' }));
  await userEvent.type(dialog.getByLabelText('Contraseña actual'), current);
  await userEvent.type(dialog.getByLabelText('Nueva contraseña'), next);
  await userEvent.click(dialog.getByRole('button', { name: 'Guardar contraseña' }));
  return dialog;
}

export const WrongCurrentPassword: Story = {
  parameters: { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } },
  play: async ({ canvasElement }) => {
    const dialog = await changePassword(canvasElement, 'clave-olvidada', 'nueva-clave-2026');
    await expect(await dialog.findByText('La contraseña actual no es correcta.')).toBeVisible();
  },
};

export const WrongCurrentPasswordOnPhone: Story = {
  ...WrongCurrentPassword,
  parameters: { ...WrongCurrentPassword.parameters, visual: { viewport: 'phone' } },
};

export const ChangesPassword: Story = {
  play: async ({ canvasElement }) => {
    await changePassword(canvasElement, 'recompra-demo', 'nueva-clave-2026');
    await toastShown(canvasElement, 'Cambiamos tu contraseña.');
    await expect(page(canvasElement).getAllByText('También cerramos tu sesión en otros 2 dispositivos.').length).toBeGreaterThan(0);
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
  },
};

/** Confirms "Cerrar sesión en los demás dispositivos", then waits for the toast, the dialog gone and the focus back. */
async function signOutOthers(canvasElement: HTMLElement, toast: string) {
  const trigger = await within(canvasElement).findByRole('button', { name: 'Cerrar sesión en los demás dispositivos' });
  await userEvent.click(trigger);
  const dialog = within(await page(canvasElement).findByRole('alertdialog'));
  await userEvent.click(dialog.getByRole('button', { name: 'Cerrar sesiones' }));
  await toastShown(canvasElement, toast);
  // The dialog closes whatever the answer and gives the focus back a frame later: the capture shows
  // the button with its focus ring, never the moment between.
  await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
  await waitFor(() => expect(trigger).toHaveFocus());
}

export const SignsOutOtherDevices: Story = {
  play: async ({ canvasElement }) => {
    await signOutOthers(canvasElement, 'Cerramos tu sesión en otros 2 dispositivos.');
  },
};

export const SignsOutOtherDevicesOnPhone: Story = { ...SignsOutOtherDevices, parameters: { visual: { viewport: 'phone' } } };

export const NoOtherDevices: Story = {
  parameters: { msw: { handlers: { account: [closeOtherSessionsAnswer(0), ...accountHandlers] } } },
  play: async ({ canvasElement }) => {
    await signOutOthers(canvasElement, 'No tenías la sesión abierta en otros dispositivos.');
  },
};

export const SignOutOthersFails: Story = {
  parameters: { msw: { handlers: { account: [closeOtherSessionsFails(), ...accountHandlers] } } },
  play: async ({ canvasElement }) => {
    await signOutOthers(canvasElement, 'No pudimos cerrar tus otras sesiones.');
  },
};

/** The reason, the confirmation, then the tab shows the canceled plan and the day the account is deleted. */
export const CancelsSubscription: Story = {
  parameters: {
    msw: { handlers: { billing: billingStore() } },
    a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancelar suscripción' }));
    const form = within(await page(canvasElement).findByRole('dialog', { name: 'Cancelar suscripción' }));
    await userEvent.click(form.getByText('Encontré una alternativa mejor'));
    await userEvent.click(form.getByRole('button', { name: 'Continuar' }));
    const confirmation = within(await page(canvasElement).findByRole('alertdialog', { name: '¿Cancelar tu suscripción?' }));
    await userEvent.click(confirmation.getByRole('button', { name: 'Sí, cancelar suscripción' }));
    await toastShown(canvasElement, 'Cancelamos tu suscripción.');
    await expect(
      await canvas.findByText(/^Cancelaste tu suscripción\. Tu cuenta y los datos de tu tienda se eliminarán el 2 abr 2026/),
    ).toBeVisible();
    await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
  },
};

/** The provider's admin: no way to the store's card. */
export const AsRecompraAdmin: Story = {
  parameters: { msw: { handlers: { session: [meAs(sessionUsers.recompraAdmin), accountDetailsAnswer()] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Cambiar plan' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Administrar método de pago' })).toBeNull();
  },
};
