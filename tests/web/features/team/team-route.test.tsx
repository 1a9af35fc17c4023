import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { collaboratorLimitError, teamAtLimit, teamSeenByCollaborator } from '../../../../mocks/fixtures/team';
import { meAs } from '../../../../mocks/handlers/session';
import { inviteRefused, membersAnswer, removeRefused } from '../../../../mocks/handlers/team';
import { TeamRoute } from '../../../../src/web/features/team/routes/team-route';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => cleanup());

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

  it('disables the add button and explains the limit once five collaborators are reached', async () => {
    server.use(membersAnswer(teamAtLimit));
    await renderWithApp(<TeamRoute />, { route: '/account' });
    const add = await screen.findByRole('button', { name: 'Agregar colaborador' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Solo puedes agregar 5 colaboradores. Elimina uno para agregar otro.')).toBeTruthy();
  });

  it('invites a collaborator and confirms it with a toast', async () => {
    await renderWithApp(<TeamRoute />, { route: '/account' });
    const dialog = await openInviteDialog();
    fireEvent.input(within(dialog).getByLabelText('Correo electrónico'), { target: { value: 'nuevo@tiendademo.cl' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Invitamos a nuevo@tiendademo.cl.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's 422 message in the dialog", async () => {
    server.use(inviteRefused(422, collaboratorLimitError));
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
