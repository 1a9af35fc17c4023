import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { ownerAloneTeam, pendingInvitation, storeTeam, teamAtLimit, teamSeenByCollaborator } from '../../mocks/fixtures/team';
import { TeamScreen } from '../../src/web/features/team/screens/team-screen';
import { userEvent } from '../support/user-event';
import { WithToasts } from '../support/with-toasts';

const collaborator = storeTeam.members[1]!;
// An open Ark dialog hides the page behind it from assistive technology, focusable parts included.
const openDialog = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };
const phone = { visual: { viewport: 'phone' } } as const;

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
    onResendInvitation: fn(),
  },
} satisfies Meta<typeof TeamScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Members: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // One collaborator and one pending invitation.
    await expect(canvas.getByText('2 de 5 colaboradores')).toBeVisible();
    await expect(canvas.getByText('Las invitaciones pendientes cuentan para el límite.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Agregar colaborador' })).toBeEnabled();
  },
};

export const MembersOnPhone: Story = { parameters: phone };

/** The owner alone: the card says what a team is for and invites, in the same form as the header's button. */
export const Empty: Story = {
  args: { team: { status: 'success', data: ownerAloneTeam } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Aún no tienes colaboradores')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Invitar colaborador' }));
    await expect(args.onInviteOpenChange).toHaveBeenCalledWith(true);
  },
};

export const EmptyOnPhone: Story = onPhone(Empty);

export const LimitReached: Story = {
  args: { team: { status: 'success', data: teamAtLimit } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const add = canvas.getByRole('button', { name: 'Agregar colaborador' });
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription('Solo puedes agregar 5 colaboradores. Elimina uno para agregar otro.');
    await expect(canvas.getByText('5 de 5 colaboradores')).toBeVisible();
    // A pending invitation can still be sent again: it already counts.
    await expect(canvas.getByRole('button', { name: `Reenviar invitación a ${pendingInvitation.email}` })).toBeEnabled();
  },
};

export const LimitReachedOnPhone: Story = { args: LimitReached.args, parameters: phone };

export const ResendingInvitation: Story = {
  args: { resendingEmail: pendingInvitation.email },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

export const InvitationResent: Story = {
  render: (args) => (
    <>
      <TeamScreen {...args} />
      <WithToasts
        toasts={[
          {
            id: 'invitation-resent',
            status: 'success',
            message: 'Reenviamos la invitación',
            description: `Enviamos un enlace nuevo a ${pendingInvitation.email}. El enlace anterior ya no funciona.`,
          },
        ]}
      />
    </>
  ),
};

export const InvitationResentOnPhone: Story = { render: InvitationResent.render, parameters: phone };

export const Loading: Story = {
  args: { team: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

export const Error: Story = { args: { team: { status: 'error', cause: 'server' } } };

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
