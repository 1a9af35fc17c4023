import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { sessionUsers } from '../../mocks/fixtures/session';
import { subscriptionStates } from '../../mocks/fixtures/subscription';
import { dashboardStore } from '../../mocks/handlers/dashboard';
import { segmentsStore } from '../../mocks/handlers/segments';
import { meAs } from '../../mocks/handlers/session';
import { billingStore, planRequired } from '../../mocks/handlers/subscription';
import { StoreReadyGate } from '../../src/web/app/store-ready-gate';
import { DashboardRoute } from '../../src/web/features/dashboard/routes/dashboard-route';
import { SegmentsRoute } from '../../src/web/features/segments/routes/segments-route';

/**
 * STATES.md "Access blocked without subscription": a data page of a store with neither plan nor trial,
 * through the gate every data page passes (src/web/app/store-ready-gate.tsx).
 */
const meta = {
  title: 'Screens/Shell/SubscriptionRequired',
  component: StoreReadyGate,
  args: { children: <DashboardRoute /> },
  parameters: {
    providers: ['query', 'router'],
    route: '/dashboard',
    msw: {
      handlers: [meAs(sessionUsers.admin), ...planRequired(), ...billingStore({ state: subscriptionStates.none }), ...dashboardStore()],
    },
  },
} satisfies Meta<typeof StoreReadyGate>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Never subscribed: the plans, with the free trial. */
export const Dashboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Necesitas un plan para ver los datos de tu tienda' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Elegir un plan' })).toHaveAttribute('href', '/account/change-plan');
  },
};
export const DashboardOnPhone = onPhone(Dashboard);

/** A plan that ended: no trial this time. */
export const PlanEnded: Story = {
  parameters: {
    msw: {
      handlers: [meAs(sessionUsers.admin), ...planRequired(), ...billingStore({ state: subscriptionStates.ended }), ...dashboardStore()],
    },
  },
};

/**
 * The subscription read a moment ago still had a plan, but the server refuses the page's data with 402:
 * the answer wins, and the page says so instead of failing.
 */
export const SegmentsRefused: Story = {
  args: { children: <SegmentsRoute /> },
  parameters: {
    route: '/segments',
    msw: { handlers: [meAs(sessionUsers.admin), ...planRequired(), ...billingStore(), ...dashboardStore(), ...segmentsStore()] },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Necesitas un plan para ver los datos de tu tienda' }),
    ).toBeVisible();
  },
};
export const SegmentsRefusedOnPhone = onPhone(SegmentsRefused);
