import type { Meta, StoryObj } from '@storybook/react-vite';
import { storeStats } from '../../mocks/fixtures/dashboard';
import { sessionUsers } from '../../mocks/fixtures/session';
import { storeStatsAnswer, storeStatsFails } from '../../mocks/handlers/dashboard';
import { meAs } from '../../mocks/handlers/session';
import { DashboardRoute } from '../../src/web/features/dashboard/routes/dashboard-route';

/** The container against mocked APIs: the same screen, fed by real queries. */
const meta = {
  title: 'Screens/Dashboard/DashboardRoute',
  component: DashboardRoute,
  parameters: { route: '/dashboard' },
} satisfies Meta<typeof DashboardRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), storeStatsAnswer(storeStats)] } },
};

export const Error: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), storeStatsFails()] } },
};
