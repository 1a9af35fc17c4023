import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import {
  collaboratorLimitError,
  ownerAloneTeam,
  pendingInvitation,
  teamAtLimit,
  teamSeenByCollaborator,
} from '../../../../mocks/fixtures/team';
import { meAs } from '../../../../mocks/handlers/session';
import { inviteRefused, membersAnswer, removeRefused } from '../../../../mocks/handlers/team';
import { TeamRoute } from '../../../../src/web/features/team/routes/team-route';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  // The app's toaster outlives a test: clear it, so one test's toasts never queue another's out of sight.
  toaster.store.remove();
});

async function openInviteDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Agregar colaborador' }));
  return screen.findByRole('dialog');
}

describe('TeamRoute', () => {
  it('lists members with their roles and marks the signed-in one', async () => {
    await renderWithApp(<TeamRoute />, { route: '/account' });
    expect(await screen.findByText('Camila Soto (tú)')).toBeTruthy();
    expect(screen.getByText('Colaborador')).toBeTruthy();
    expect(screen.getByText('ignacio@tiendademo.cl')).toBeTruthy();
  });

  it('counts collaborators and pending invitations against the limit', async () => {
    await renderWithApp(<TeamRoute />, { route: '/account' });
    expect(await screen.findByText('2 de 5 colaboradores')).toBeTruthy();
    expect(screen.getByText('Las invitaciones pendientes cuentan para el límite.')).toBeTruthy();
  });

  it('disables the add button and explains the limit once five collaborators are reached', async () => {
    server.use(membersAnswer(teamAtLimit));
    await renderWithApp(<TeamRoute />, { route: '/account' });
    const add = await screen.findByRole('button', { name: 'Agregar colaborador' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('5 de 5 colaboradores')).toBeTruthy();
    // The explanation is the button's description, so it is read where the button is.
    const explanation = document.getElementById(add.getAttribute('aria-describedby') ?? '');
    expect(explanation?.textContent).toBe('Solo puedes agregar 5 colaboradores. Elimina uno para agregar otro.');
  });

  it('says the invitation was sent again when the email already had one pending, with one toast per address', async () => {
    await renderWithApp(<TeamRoute />, { route: '/account' });
    for (let round = 0; round < 2; round += 1) {
      const dialog = await openInviteDialog();
      fireEvent.input(within(dialog).getByLabelText('Correo electrónico'), { target: { value: pendingInvitation.email } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    await waitFor(() => expect(screen.getAllByText('Reenviamos la invitación')).toHaveLength(1));
    expect(screen.getByText(`Enviamos un enlace nuevo a ${pendingInvitation.email}. El enlace anterior ya no funciona.`)).toBeTruthy();
    expect(screen.queryByText(`Invitamos a ${pendingInvitation.email}.`)).toBeNull();
  });

  it('sends a pending invitation again from its row, even at the limit', async () => {
    server.use(membersAnswer(teamAtLimit));
    await renderWithApp(<TeamRoute />, { route: '/account' });
    fireEvent.click(await screen.findByRole('button', { name: `Reenviar invitación a ${pendingInvitation.email}` }));
    expect(await screen.findByText('Reenviamos la invitación')).toBeTruthy();
  });

  it('invites a collaborator and confirms it with a toast', async () => {
    await renderWithApp(<TeamRoute />, { route: '/account' });
    const dialog = await openInviteDialog();
    fireEvent.input(within(dialog).getByLabelText('Correo electrónico'), { target: { value: 'nuevo@tiendademo.cl' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Invitamos a nuevo@tiendademo.cl.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('invites from the empty team, in the same dialog as the header button', async () => {
    server.use(membersAnswer(ownerAloneTeam));
    await renderWithApp(<TeamRoute />, { route: '/account' });
    expect(await screen.findByText('Aún no tienes colaboradores')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invitar colaborador' }));
    expect(await screen.findByRole('dialog', { name: 'Agregar colaborador' })).toBeTruthy();
  });

  it("shows the server's 409 message in the dialog", async () => {
    server.use(inviteRefused(collaboratorLimitError));
    await renderWithApp(<TeamRoute />, { route: '/account' });
    const dialog = await openInviteDialog();
    fireEvent.input(within(dialog).getByLabelText('Correo electrónico'), { target: { value: 'sexto@tiendademo.cl' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(collaboratorLimitError.message);
  });

  it('removes a collaborator after confirmation and reports a refusal with a toast', async () => {
    server.use(removeRefused());
    await renderWithApp(<TeamRoute />, { route: '/account' });
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar a Valentina Rojas' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No pudimos eliminar a Valentina Rojas.')).toBeTruthy();
  });

  it('shows a collaborator the team without actions', async () => {
    server.use(meAs(sessionUsers.colaborator), membersAnswer(teamSeenByCollaborator));
    await renderWithApp(<TeamRoute />, { route: '/account' });
    expect(await screen.findByText('Valentina Rojas (tú)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Agregar colaborador' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).toBeNull();
  });
});
