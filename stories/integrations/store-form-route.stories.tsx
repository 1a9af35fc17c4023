import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  installDeniedError,
  installExpiredError,
  installInvalidCallbackError,
  installMissingScopesError,
  installStoreAlreadyConnectedError,
  refusedShopifyInstall,
  shopifyInstallStart,
} from '../../mocks/fixtures/integrations';
import {
  createStoreAnswer,
  shopifyInstallAnswer,
  shopifyInstallNeverAnswers,
  startShopifyInstallAnswer,
  startShopifyInstallNeverAnswers,
  startShopifyInstallRefused,
} from '../../mocks/handlers/integrations';
import type { components } from '../../src/shared/api/backend.gen';
import { StoreFormRoute } from '../../src/web/features/integrations/routes/store-form-route';
import { userEvent } from '../support/user-event';

type ErrorBody = components['schemas']['Error'];

/** The way back from Shopify when the install was refused: the page the install began on, naming it. */
const RETURNED = `/integrations?shopifyInstall=${shopifyInstallStart.installId}`;

/**
 * The container against mocked APIs: "Conectar con Shopify" before the merchant leaves for Shopify,
 * and on the way back with each refusal the callback can bring.
 */
const meta = {
  title: 'Screens/Integrations/StoreFormRoute',
  // A store to create from the Integrations screen (the welcome guide's form differs only in the page it returns to).
  render: () => <StoreFormRoute storeId={null} afterCreate="/integrations" />,
  parameters: {
    providers: ['query', 'router'],
    route: '/integrations',
    msw: { handlers: [startShopifyInstallAnswer(), createStoreAnswer()] },
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Types the shop's address and presses "Conectar con Shopify". */
async function connectWithShopify(canvasElement: HTMLElement, address: string) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Tu tienda en Shopify'), address);
  await userEvent.click(canvas.getByRole('button', { name: 'Conectar con Shopify' }));
  return canvas;
}

export const Idle: Story = {};

/** Shopify's consent page is on its way: the form waits, busy, until the browser leaves. */
export const Redirecting: Story = {
  parameters: { msw: { handlers: [startShopifyInstallNeverAnswers()] }, visual: { waitFor: 'button[aria-busy="true"]' } },
  play: async ({ canvasElement }) => {
    const canvas = await connectWithShopify(canvasElement, 'recompra-demo.myshopify.com');
    await expect(await canvas.findByRole('button', { name: 'Abriendo Shopify…' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** An address that is not a shop's: the server says so beside the field, before anyone leaves. */
export const InvalidShopAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await connectWithShopify(canvasElement, 'mitienda.cl');
    await expect(
      await canvas.findByText('Ingresa la dirección de tu tienda en Shopify, por ejemplo mitienda.myshopify.com.'),
    ).toBeVisible();
  },
};

/** The account already reads this shop through another store. */
export const AlreadyConnected: Story = {
  parameters: { msw: { handlers: [startShopifyInstallRefused(409, installStoreAlreadyConnectedError)] } },
  play: async ({ canvasElement }) => {
    const canvas = await connectWithShopify(canvasElement, 'recompra-demo.myshopify.com');
    await expect(await canvas.findByText(installStoreAlreadyConnectedError.message)).toBeVisible();
  },
};

/** Back from Shopify: reading how the install ended. */
export const Returning: Story = {
  parameters: {
    route: RETURNED,
    msw: { handlers: [shopifyInstallNeverAnswers(refusedShopifyInstall(installDeniedError))] },
    visual: { waitFor: '[role="status"]' },
  },
};

/** Back from Shopify with the install refused for `error`: the form shows why. */
const returnedWith = (error: ErrorBody): Story => ({
  parameters: { route: RETURNED, msw: { handlers: [shopifyInstallAnswer(refusedShopifyInstall(error))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(error.message)).toBeVisible();
  },
});

/** The merchant pressed "Cancelar" on Shopify's consent page. */
export const ReturnedDenied: Story = returnedWith(installDeniedError);

/** The shop did not grant every scope the import needs; they are named. */
export const ReturnedMissingScopes: Story = returnedWith(installMissingScopesError);

/** Another account of the merchant's connected the shop while they were on Shopify: said beside the address. */
export const ReturnedAlreadyConnected: Story = returnedWith(installStoreAlreadyConnectedError);

/** The way back failed its HMAC, state or shop check. */
export const ReturnedInvalid: Story = returnedWith(installInvalidCallbackError);

/** The install took longer than the library's state cookie lives, or ended in another browser. */
export const ReturnedExpired: Story = returnedWith(installExpiredError);

/** ReturnedDenied, at a phone's width. */
export const ReturnedDeniedOnPhone: Story = onPhone(ReturnedDenied);
