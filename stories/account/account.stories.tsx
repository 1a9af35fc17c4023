import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { FROZEN_NOW } from '../../.storybook/frozen-time';
import { onPhone } from '../../.storybook/visual-parameters';
import { passwordChangeLockedOutError, wrongCurrentPasswordError } from '../../mocks/fixtures/account';
import { DEMO_PASSWORD } from '../../mocks/fixtures/session';
import { subscriptionStates } from '../../mocks/fixtures/subscription';
import { accountDetails } from '../../mocks/fixtures/team';
import type { SubscriptionState } from '../../src/web/features/account/billing';
import type { NameEditProps } from '../../src/web/features/account/screens/account-details-card';
import { AccountScreen, type AccountScreenProps } from '../../src/web/features/account/screens/account-screen';
import type { PasswordChangeProps, SignOutOthersProps } from '../../src/web/features/account/screens/account-security-card';
import type { SubscriptionSectionProps } from '../../src/web/features/account/screens/subscription-section';
import { userEvent } from '../support/user-event';
import { WithToasts } from '../support/with-toasts';
import { cancelDialogArgs } from './cancel-args';

// An open Ark dialog hides the page behind it from assistive technology, focusable parts included.
const openDialog = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };
const busy = { visual: { waitFor: 'button[aria-busy="true"]' } };

const name = (state: Partial<NameEditProps> = {}): NameEditProps => ({
  editing: false,
  onEditingChange: fn(),
  onSave: fn(),
  ...state,
});
const security = (
  password: Partial<PasswordChangeProps> = {},
  signOutOthers: Partial<SignOutOthersProps> = {},
): AccountScreenProps['security'] => ({
  password: { open: false, onOpenChange: fn(), onSave: fn(), ...password },
  signOutOthers: { confirming: false, onConfirmingChange: fn(), onConfirm: fn(), ...signOutOthers },
});

/** The plan and payment cards for a subscription state, as the store's owner sees them. */
const plan = (state: SubscriptionState | null, more: Partial<SubscriptionSectionProps> = {}): SubscriptionSectionProps => ({
  subscription: state ? { status: 'success', data: state } : { status: 'loading' },
  onRetry: fn(),
  now: FROZEN_NOW,
  trialDays: 7,
  changePlanHref: '/account/change-plan',
  canChangePlan: true,
  paymentMethodHref: '/account/payment-method',
  onCancel: fn(),
  ...more,
});

const meta = {
  title: 'Screens/Account/Subscription',
  component: AccountScreen,
  args: {
    details: { status: 'success', data: accountDetails },
    onRetry: fn(),
    name: name(),
    subscription: plan(subscriptionStates.activeMonthly),
    cancel: cancelDialogArgs(),
    security: security(),
    storeTab: null,
  },
} satisfies Meta<typeof AccountScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The body of the page, where Ark portals its dialogs. */
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Loaded: Story = {};
export const LoadedOnPhone = onPhone(Loaded);

export const Loading: Story = {
  args: { details: { status: 'loading' }, subscription: plan(null) },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};
export const LoadingOnPhone = onPhone(Loading);

export const Error: Story = {
  args: {
    details: { status: 'error', cause: 'server' },
    subscription: { ...plan(null), subscription: { status: 'error', cause: 'server' } },
  },
};
export const ErrorOnPhone = onPhone(Error);

/** An account that has not connected a store: its details, and instead of a plan, the way to connect one. */
export const WithoutStore: Story = {
  args: { subscription: plan(null, { connectStoreHref: '/integrations' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Aún no conectas tu tienda')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Conectar mi tienda' })).toHaveAttribute('href', '/integrations');
    await expect(canvas.queryByText('Cargando tu suscripción…')).toBeNull();
  },
};
export const WithoutStoreOnPhone = onPhone(WithoutStore);

// The subscription in each of its states (SPEC §2 Account, §4 Subscription).

/** Two days left of the free trial: when it ends and what is charged then. */
export const Trial: Story = {
  args: { subscription: plan(subscriptionStates.trial) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Prueba gratuita')).toBeVisible();
    await expect(canvas.getByText(/Tu prueba gratuita termina en 2 días, el 17 mar 2026/)).toBeVisible();
  },
};
export const TrialOnPhone = onPhone(Trial);

export const ActiveMonthly: Story = {
  args: { subscription: plan(subscriptionStates.activeMonthly) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('US$59 al mes')).toBeVisible();
    await expect(canvas.getByText('Visa ·· 4242 · Vence 12/28')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Cambiar plan' })).toHaveAttribute('href', '/account/change-plan');
    await expect(canvas.getByRole('link', { name: 'Administrar método de pago' })).toHaveAttribute('href', '/account/payment-method');
  },
};
export const ActiveMonthlyOnPhone = onPhone(ActiveMonthly);

export const ActiveYearly: Story = {
  args: { subscription: plan(subscriptionStates.activeYearly) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('US$1.190 al año')).toBeVisible();
  },
};
export const ActiveYearlyOnPhone = onPhone(ActiveYearly);

/** Canceled: the day the account and the store's data are deleted; nothing more to cancel. */
export const Canceled: Story = {
  args: { subscription: plan(subscriptionStates.canceled) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/se eliminarán el 2 abr 2026/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Cancelar suscripción' })).toBeNull();
  },
};
export const CanceledOnPhone = onPhone(Canceled);

/** The last payment failed: the next try and how many are left. */
export const PastDue: Story = {
  args: { subscription: plan(subscriptionStates.pastDue) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Lo intentaremos de nuevo el 17 mar 2026 y quedan 2 intentos/)).toBeVisible();
  },
};
export const PastDueOnPhone = onPhone(PastDue);

/** No plan yet: the way to choose one and start the trial (the welcome guide's second step leads here). */
export const NoSubscription: Story = {
  args: { subscription: plan(subscriptionStates.none) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Elegir un plan' })).toHaveAttribute('href', '/account/change-plan');
  },
};
export const NoSubscriptionOnPhone = onPhone(NoSubscription);

/** A plan that ended: a new one starts without a trial. */
export const SubscriptionEnded: Story = { args: { subscription: plan(subscriptionStates.ended) } };
export const SubscriptionEndedOnPhone = onPhone(SubscriptionEnded);

/** The provider's admin: may change the plan and cancel, but not open the store's payment method. */
export const AsRecompraAdmin: Story = {
  args: { subscription: plan(subscriptionStates.activeMonthly, { paymentMethodHref: null }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link', { name: 'Administrar método de pago' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Cancelar suscripción' })).toBeVisible();
  },
};
export const AsRecompraAdminOnPhone = onPhone(AsRecompraAdmin);

/** A collaborator sees the plan; changing it and canceling are the owner's. */
export const AsColaborator: Story = {
  args: { subscription: plan(subscriptionStates.activeMonthly, { canChangePlan: false, onCancel: null }) },
};
export const AsColaboratorOnPhone = onPhone(AsColaborator);

// The name, edited in place.

export const EditingName: Story = {
  args: { name: name({ editing: true }) },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Nombre');
    await expect(field).toHaveValue(accountDetails.name);
    await expect(field).toHaveFocus();
  },
};
export const EditingNameOnPhone = onPhone(EditingName);

/** Replaces the name field's text with `text` and presses "Guardar". */
async function saveName(canvasElement: HTMLElement, text: string) {
  const canvas = within(canvasElement);
  const field = canvas.getByLabelText('Nombre');
  await userEvent.clear(field);
  if (text) {
    await userEvent.click(field);
    await userEvent.paste(text);
  }
  await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }));
  return canvas;
}

export const NameRequired: Story = {
  args: { name: name({ editing: true }) },
  play: async ({ canvasElement, args }) => {
    const canvas = await saveName(canvasElement, '');
    await expect(await canvas.findByText('Este campo es obligatorio.')).toBeVisible();
    await expect(args.name.onSave).not.toHaveBeenCalled();
  },
};
export const NameRequiredOnPhone = onPhone(NameRequired);

export const NameOnlySpaces: Story = {
  args: { name: name({ editing: true }) },
  play: async ({ canvasElement, args }) => {
    const canvas = await saveName(canvasElement, '   ');
    await expect(await canvas.findByText('El nombre no puede tener solo espacios.')).toBeVisible();
    await expect(args.name.onSave).not.toHaveBeenCalled();
  },
};
export const NameOnlySpacesOnPhone = onPhone(NameOnlySpaces);

export const NameTooLong: Story = {
  args: { name: name({ editing: true }) },
  play: async ({ canvasElement, args }) => {
    const canvas = await saveName(canvasElement, 'Camila '.repeat(15));
    await expect(await canvas.findByText('El nombre no puede superar los 100 caracteres.')).toBeVisible();
    await expect(args.name.onSave).not.toHaveBeenCalled();
  },
};
export const NameTooLongOnPhone = onPhone(NameTooLong);

export const NameSaving: Story = { args: { name: name({ editing: true, saving: true }) }, parameters: busy };
export const NameSavingOnPhone = onPhone(NameSaving);

export const NameServerError: Story = {
  args: {
    name: name({
      editing: true,
      error: { message: 'No pudimos guardar tu nombre. Inténtalo de nuevo en unos minutos.', fieldErrors: {} },
    }),
  },
  // The caret stays in the field after a failed save (EditingName checks the field takes it on opening);
  // put there explicitly so the picture never depends on when the page settles.
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Nombre');
    field.focus();
    await expect(field).toHaveFocus();
  },
};
export const NameServerErrorOnPhone = onPhone(NameServerError);

export const NameSaved: Story = {
  args: { details: { status: 'success', data: { ...accountDetails, name: 'Camila Soto Pérez' } } },
  render: (args) => (
    <>
      <AccountScreen {...args} />
      <WithToasts toasts={[{ id: 'name-saved', status: 'success', message: 'Guardamos tu nombre.' }]} />
    </>
  ),
};
export const NameSavedOnPhone = onPhone(NameSaved);

// The password, changed in a dialog.

export const ChangePassword: Story = {
  args: { security: security({ open: true }) },
  parameters: openDialog,
  play: async ({ canvasElement }) => {
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Cambiar contraseña' }));
    await expect(dialog.getByLabelText('Contraseña actual')).toHaveValue('');
    await expect(dialog.getByText('Usa al menos 8 caracteres, con letras y números.')).toBeVisible();
  },
};
export const ChangePasswordOnPhone = onPhone(ChangePassword);

/** Types both passwords in the open dialog and presses "Guardar contraseña". */
async function savePassword(canvasElement: HTMLElement, current: string, next: string) {
  const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Cambiar contraseña' }));
  if (current) await userEvent.type(dialog.getByLabelText('Contraseña actual'), current);
  if (next) await userEvent.type(dialog.getByLabelText('Nueva contraseña'), next);
  await userEvent.click(dialog.getByRole('button', { name: 'Guardar contraseña' }));
  return dialog;
}

export const PasswordRequired: Story = {
  args: { security: security({ open: true }) },
  parameters: openDialog,
  play: async ({ canvasElement, args }) => {
    const dialog = await savePassword(canvasElement, '', '');
    await expect(await dialog.findByText('Ingresa tu contraseña actual.')).toBeVisible();
    await expect(dialog.getByText('Ingresa tu nueva contraseña.')).toBeVisible();
    await expect(args.security.password.onSave).not.toHaveBeenCalled();
  },
};
export const PasswordRequiredOnPhone = onPhone(PasswordRequired);

export const NewPasswordTooWeak: Story = {
  args: { security: security({ open: true }) },
  parameters: openDialog,
  play: async ({ canvasElement, args }) => {
    const dialog = await savePassword(canvasElement, DEMO_PASSWORD, 'solo-letras');
    await expect(await dialog.findByText('Usa al menos 8 caracteres, con letras y números.')).toBeVisible();
    await expect(args.security.password.onSave).not.toHaveBeenCalled();
  },
};
export const NewPasswordTooWeakOnPhone = onPhone(NewPasswordTooWeak);

export const NewPasswordSameAsCurrent: Story = {
  args: { security: security({ open: true }) },
  parameters: openDialog,
  play: async ({ canvasElement, args }) => {
    const dialog = await savePassword(canvasElement, 'clave-2026', 'clave-2026');
    await expect(await dialog.findByText('La nueva contraseña debe ser distinta de la actual.')).toBeVisible();
    await expect(args.security.password.onSave).not.toHaveBeenCalled();
  },
};
export const NewPasswordSameAsCurrentOnPhone = onPhone(NewPasswordSameAsCurrent);

export const WrongCurrentPassword: Story = {
  args: {
    security: security({
      open: true,
      error: {
        message: wrongCurrentPasswordError.message,
        fieldErrors: { currentPassword: 'La contraseña actual no es correcta.' },
      },
    }),
  },
  parameters: openDialog,
  play: async ({ canvasElement }) => {
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Cambiar contraseña' }));
    await userEvent.type(dialog.getByLabelText('Contraseña actual'), 'clave-olvidada');
    await userEvent.type(dialog.getByLabelText('Nueva contraseña'), 'nueva-clave-2026');
    await expect(dialog.getByText('La contraseña actual no es correcta.')).toBeVisible();
    // Beside its field, not repeated above the form.
    await expect(dialog.queryByRole('alert')).toBeNull();
  },
};
export const WrongCurrentPasswordOnPhone = onPhone(WrongCurrentPassword);

/** The sign-in throttle holds the account back after too many wrong current passwords. */
export const PasswordLockedOut: Story = {
  args: { security: security({ open: true, error: { message: passwordChangeLockedOutError.message, fieldErrors: {} } }) },
  parameters: openDialog,
};
export const PasswordLockedOutOnPhone = onPhone(PasswordLockedOut);

export const PasswordServerError: Story = {
  args: {
    security: security({
      open: true,
      error: { message: 'No pudimos cambiar tu contraseña. Inténtalo de nuevo en unos minutos.', fieldErrors: {} },
    }),
  },
  parameters: openDialog,
};
export const PasswordServerErrorOnPhone = onPhone(PasswordServerError);

export const PasswordSaving: Story = {
  args: { security: security({ open: true, saving: true }) },
  parameters: { ...openDialog, ...busy },
};
export const PasswordSavingOnPhone = onPhone(PasswordSaving);

export const PasswordChanged: Story = {
  render: (args) => (
    <>
      <AccountScreen {...args} />
      <WithToasts
        toasts={[
          {
            id: 'password-changed',
            status: 'success',
            message: 'Cambiamos tu contraseña.',
            description: 'También cerramos tu sesión en otros 2 dispositivos.',
          },
        ]}
      />
    </>
  ),
};
export const PasswordChangedOnPhone = onPhone(PasswordChanged);

// "Cerrar sesión en los demás dispositivos", confirmed first.

export const SignOutOthersConfirmation: Story = {
  args: { security: security({}, { confirming: true }) },
  parameters: openDialog,
  play: async ({ canvasElement }) => {
    const dialog = within(await page(canvasElement).findByRole('alertdialog', { name: '¿Cerrar sesión en los demás dispositivos?' }));
    await expect(dialog.getByRole('button', { name: 'Cerrar sesiones' })).toBeEnabled();
  },
};
export const SignOutOthersConfirmationOnPhone = onPhone(SignOutOthersConfirmation);

export const SigningOutOthers: Story = {
  args: { security: security({}, { confirming: true, pending: true }) },
  parameters: { ...openDialog, ...busy },
};
export const SigningOutOthersOnPhone = onPhone(SigningOutOthers);

export const OtherSessionsClosed: Story = {
  render: (args) => (
    <>
      <AccountScreen {...args} />
      <WithToasts toasts={[{ id: 'sessions-closed', status: 'success', message: 'Cerramos tu sesión en otros 2 dispositivos.' }]} />
    </>
  ),
};
export const OtherSessionsClosedOnPhone = onPhone(OtherSessionsClosed);

export const NoOtherSessions: Story = {
  render: (args) => (
    <>
      <AccountScreen {...args} />
      <WithToasts toasts={[{ id: 'no-sessions', status: 'default', message: 'No tenías la sesión abierta en otros dispositivos.' }]} />
    </>
  ),
};
export const NoOtherSessionsOnPhone = onPhone(NoOtherSessions);

export const SignOutOthersFailed: Story = {
  render: (args) => (
    <>
      <AccountScreen {...args} />
      <WithToasts
        toasts={[
          {
            id: 'sign-out-failed',
            status: 'error',
            message: 'No pudimos cerrar tus otras sesiones.',
            description: 'Inténtalo de nuevo en unos minutos.',
          },
        ]}
      />
    </>
  ),
};
export const SignOutOthersFailedOnPhone = onPhone(SignOutOthersFailed);
