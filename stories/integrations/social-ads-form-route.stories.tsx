import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  declinedPermissionsFacebookToken,
  metaAdAccountNotAdmin,
  metaInvalidTokenError,
  metaLogin,
  metaMissingPermissionsError,
  metaNotAdminError,
  metaOptions,
  metaOptionsTermsAccepted,
  metaSettingsAccountOnly,
  metaSettingsConnected,
  metaSettingsExpired,
  metaStoreRequiredError,
  metaUnavailableError,
  refusedFacebookToken,
  sandboxFacebookToken,
} from '../../mocks/fixtures/integrations';
import {
  exchangeMetaTokenAnswer,
  exchangeMetaTokenNeverAnswers,
  exchangeMetaTokenRefused,
  metaOptionsAnswer,
  metaOptionsOnlyForSaved,
  metaOptionsRefused,
  metaOptionsSequence,
  metaSettingsAnswer,
  updateMetaSettingsAnswer,
  updateMetaSettingsNeverAnswers,
  updateMetaSettingsRefused,
} from '../../mocks/handlers/integrations';
import type { FacebookLoginOutcome } from '../../src/web/features/integrations/api/facebook-login';
import { SocialAdsFormRoute } from '../../src/web/features/integrations/routes/social-ads-form-route';
import { pageNavigation } from '../../src/web/lib/navigation';
import { userEvent } from '../support/user-event';

/** The way back from Facebook Login, as the Integrations page reads it, for the dialog it opens. */
const returned = (facebookReturn: FacebookLoginOutcome | null) => ({ facebookReturn });

/**
 * The social ads dialog's container against the mocked contract: Facebook Login (leaving, and each
 * way back), the options of the connected person, and each answer of saving the choice.
 */
const meta = {
  title: 'Screens/Integrations/SocialAdsFormRoute',
  component: SocialAdsFormRoute,
  args: { storeId: 1, storeConnected: true, onConnectStore: fn(), onSaved: fn(), onCancel: fn(), facebookReturn: null },
  parameters: {
    providers: ['query'],
    // One group per call, so a story replaces only the answers it is about.
    msw: {
      handlers: {
        settings: [metaSettingsAnswer(metaSettingsConnected)],
        exchange: [exchangeMetaTokenAnswer()],
        options: [metaOptionsAnswer()],
        save: [updateMetaSettingsAnswer()],
      },
    },
  },
} satisfies Meta<typeof SocialAdsFormRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Stands in for leaving the page, so the story stays on it. */
const leavePage = fn();

/** Nothing connected yet: "Conectar con Facebook" leaves for Meta's dialog (stubbed here), keeping the state in the tab. */
export const ConnectWithFacebook: Story = {
  parameters: { msw: { handlers: { settings: [metaSettingsAnswer()] } }, visual: { waitFor: 'button[aria-busy="true"]' } },
  beforeEach() {
    const assign = pageNavigation.assign;
    leavePage.mockClear();
    pageNavigation.assign = leavePage;
    return () => {
      pageNavigation.assign = assign;
      sessionStorage.clear();
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Conectar con Facebook' }));
    await expect(await canvas.findByRole('button', { name: 'Abriendo Facebook…' })).toHaveAttribute('aria-busy', 'true');
    const url = new URL(leavePage.mock.calls[0]![0] as string);
    await expect(`${url.origin}${url.pathname}`).toBe(metaLogin.dialogUrl);
    await expect(url.searchParams.get('response_type')).toBe('token');
    await expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
  },
};

/** Back from Facebook with a token: the server is exchanging it. */
export const Exchanging: Story = {
  args: returned({ kind: 'token', accessToken: sandboxFacebookToken, storeId: 1 }),
  parameters: {
    msw: { handlers: { settings: [metaSettingsAnswer(metaSettingsAccountOnly)], exchange: [exchangeMetaTokenNeverAnswers()] } },
    visual: { waitFor: '[data-testid="social-ads-exchanging"]' },
  },
};

/** Exchanged: the dialog opens on the choice, with the first business manager's assets. */
export const Returned: Story = {
  args: returned({ kind: 'token', accessToken: sandboxFacebookToken, storeId: 1 }),
  parameters: { msw: { handlers: { settings: [metaSettingsAnswer(metaSettingsAccountOnly)] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('combobox', { name: 'Portafolio comercial' })).toHaveTextContent('Tienda Demo SpA');
    await expect(canvas.getByText('Camila Rojas')).toBeVisible();
  },
};

/** The person cancelled in Facebook's dialog: said, nothing posted. */
export const ReturnedCancelled: Story = {
  args: returned({ kind: 'cancelled' }),
  parameters: { msw: { handlers: { settings: [metaSettingsAnswer(metaSettingsAccountOnly)] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(/^Cancelaste el inicio de sesión con Facebook/);
  },
};

/** The way back's state did not match this tab's: nothing posted. */
export const ReturnedUnverified: Story = {
  args: returned({ kind: 'unverified' }),
  parameters: { msw: { handlers: { settings: [metaSettingsAnswer(metaSettingsAccountOnly)] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(/^No pudimos confirmar que esta respuesta viniera/);
  },
};

/** Meta did not take the token: the server's words. */
export const TokenRefused: Story = {
  args: returned({ kind: 'token', accessToken: refusedFacebookToken, storeId: 1 }),
  parameters: { msw: { handlers: { settings: [metaSettingsAnswer(metaSettingsAccountOnly)] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(metaInvalidTokenError.message);
  },
};

/** The person declined permissions Recompra needs: named, in the server's words. */
export const MissingPermissions: Story = {
  args: returned({ kind: 'token', accessToken: declinedPermissionsFacebookToken, storeId: 1 }),
  parameters: { msw: { handlers: { settings: [metaSettingsAnswer(metaSettingsAccountOnly)] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(metaMissingPermissionsError.message);
  },
};

/** The store was disconnected while the person was on Facebook: the store comes first. */
export const StoreRequired: Story = {
  args: returned({ kind: 'token', accessToken: sandboxFacebookToken, storeId: 1 }),
  parameters: {
    msw: {
      handlers: {
        settings: [metaSettingsAnswer(metaSettingsAccountOnly)],
        exchange: [exchangeMetaTokenRefused(409, metaStoreRequiredError)],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Conectar mi tienda' })).toBeVisible();
  },
};

/** Meta stopped taking the token: renew it. */
export const RenewalNeeded: Story = {
  parameters: { msw: { handlers: { settings: [metaSettingsAnswer(metaSettingsExpired)] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Volver a conectar con Facebook' })).toBeVisible();
  },
};

/** Saved: each choice as it was saved. */
export const Connected: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('combobox', { name: 'Cuenta publicitaria' })).toHaveTextContent(
      'Tienda Demo — Principal',
    );
  },
};

/** Meta failed while reading the assets. */
export const OptionsError: Story = {
  parameters: { msw: { handlers: { options: [metaOptionsRefused(502, metaUnavailableError)] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No pudimos leer tus activos de Meta.')).toBeVisible();
  },
};

/** Another business manager: its assets are read, the other choices start over; "Agencia Sin Activos" has none. */
export const NoOptionsForBusiness: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Portafolio comercial' }));
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'Agencia Sin Activos' }));
    await expect(await canvas.findByText(/^Este portafolio comercial no tiene opciones disponibles/)).toBeVisible();
  },
};

/** Another business manager's assets are on their way. */
export const ChangingBusiness: Story = {
  parameters: { msw: { handlers: { options: [metaOptionsOnlyForSaved()] } }, visual: { waitFor: 'form [aria-busy="true"]' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Portafolio comercial' }));
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'Agencia Sin Activos' }));
    await expect(await canvas.findByRole('combobox', { name: 'Cuenta publicitaria' })).toHaveTextContent('Cargando opciones…');
  },
};

/** An ad account without admin access: marked, and refused beside it on saving. */
export const AdAccountNotAdmin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Cuenta publicitaria' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', {
        name: `${metaAdAccountNotAdmin.name} (CLP), sin acceso de administrador`,
      }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar cambios' }));
    await expect(await canvas.findByText(metaNotAdminError.message)).toBeVisible();
    // Whether the clicked button shows its focus ring depends on the browser's guess at how it was
    // reached, which varies from run to run: the picture is of the answer, without it.
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** The terms accepted in Meta, "Ya los acepté, revisar de nuevo" reads the options again and the warning goes. */
export const TermsAccepted: Story = {
  parameters: { msw: { handlers: { options: [metaOptionsSequence([metaOptions, metaOptionsTermsAccepted])] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Cuenta publicitaria' }));
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByRole('option', { name: /^Tienda Demo — Campañas nuevas/ }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Ya los acepté, revisar de nuevo' }));
    await waitFor(() => expect(canvas.queryByRole('link', { name: /Aceptar los términos en Meta/ })).toBeNull());
  },
};

export const Saving: Story = {
  parameters: { msw: { handlers: { save: [updateMetaSettingsNeverAnswers()] } }, visual: { waitFor: 'button[aria-busy="true"]' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Guardar cambios' }));
    await expect(await canvas.findByRole('button', { name: 'Guardando…' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** Meta failed while saving: above the form. */
export const MetaUnavailable: Story = {
  parameters: { msw: { handlers: { save: [updateMetaSettingsRefused(502, metaUnavailableError)] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Guardar cambios' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(metaUnavailableError.message);
  },
};

/** Saved: the container closes the dialog and says so. */
export const Saved: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledTimes(1));
  },
};

/** Returned, at a phone's width. */
export const ReturnedOnPhone: Story = onPhone(Returned);
