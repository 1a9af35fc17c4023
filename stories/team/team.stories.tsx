import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ownerAloneTeam, storeTeam, teamAtLimit, teamSeenByCollaborator } from '../../mocks/fixtures/team';
import { TeamScreen } from '../../src/web/features/team/screens/team-screen';
import { WithToasts } from '../support/with-toasts';

const collaborator = storeTeam.members[1]!;
// An open Ark dialog hides the page behind it from assistive technology, focusable parts included.
const openDialog = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };

const meta = {
  title: 'Screens/Team/StoreMembers',
  component: TeamScreen,
  args: {
    team: { status: 'success', data: storeTeam },
    canInvite: true,
    canRemove: true,
    canCancelInvitation: true,
    onRetry: fn(),
    invite: { open: false },
    onInviteOpenChange: fn(),
    onInvite: fn(),
    removing: null,
    onRemoveRequest: fn(),
    onRemoveCancel: fn(),
    onRemoveConfirm: fn(),
    onCancelInvitation: fn(),
  },
} satisfies Meta<typeof TeamScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Members: Story = {};

export const Empty: Story = { args: { team: { status: 'success', data: ownerAloneTeam } } };

export const LimitReached: Story = {
  args: { team: { status: 'success', data: teamAtLimit } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Agregar colaborador' })).toBeDisabled();
    await expect(canvas.getByText('Solo puedes agregar 5 colaboradores. Elimina uno para agregar otro.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { team: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

export const Error: Story = { args: { team: { status: 'error' } } };

export const AddCollaboratorModal: Story = { args: { invite: { open: true } }, parameters: openDialog };

export const AddCollaboratorModalInvalidEmail: Story = {
  args: { invite: { open: true } },
  parameters: openDialog,
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await body.findByLabelText('Correo electrónico'), 'ignacio@');
    await userEvent.click(body.getByRole('button', { name: 'Enviar invitación' }));
    await expect(await body.findByText('Ingresa un correo electrónico válido.')).toBeVisible();
    await expect(args.onInvite).not.toHaveBeenCalled();
  },
};

export const AddCollaboratorModalServerError: Story = {
  args: {
    invite: { open: true, error: 'Esa persona ya es parte de la tienda.', defaultEmail: 'colaborador@recompra.cl' },
  },
  parameters: openDialog,
};

export const RemoveConfirmation: Story = { args: { removing: collaborator }, parameters: openDialog };

export const RemovalError: Story = {
  render: (args) => (
    <>
      <TeamScreen {...args} />
      <WithToasts
        toasts={[
          {
            id: 'remove-failed',
            status: 'error',
            message: `No pudimos eliminar a ${collaborator.name}.`,
            description: 'Inténtalo de nuevo en unos minutos.',
          },
        ]}
      />
    </>
  ),
};

export const AsColaborator: Story = {
  args: { team: { status: 'success', data: teamSeenByCollaborator }, canInvite: false, canRemove: false, canCancelInvitation: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Agregar colaborador' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Eliminar/ })).toBeNull();
  },
};
