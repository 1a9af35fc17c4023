import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { onPhone } from '../../.storybook/visual-parameters';
import { meNeverAnswers } from '../../mocks/handlers/session';
import { RoleGuard } from '../../src/web/app/role-guard';

/** The guard itself, with a session check that never answers: what a user sees first. */
function SessionCheck() {
  return (
    <Routes>
      <Route path="*" element={<RoleGuard />} />
    </Routes>
  );
}

const meta = {
  title: 'Screens/Shell/SessionLoading',
  component: SessionCheck,
  parameters: {
    layout: 'fullscreen',
    providers: ['query', 'router'],
    route: '/dashboard',
    msw: { handlers: [meNeverAnswers()] },
    visual: { waitFor: '[data-testid="loading-screen"]' },
  },
} satisfies Meta<typeof SessionCheck>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {};

/** Loading, at a phone's width. */
export const LoadingOnPhone: Story = onPhone(Loading);
