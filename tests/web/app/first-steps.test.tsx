import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INVESTMENTS, STORE_TODAY } from '../../../mocks/fixtures/dashboard';
import { integrationsNothingConnected, integrationsStoreOnly } from '../../../mocks/fixtures/integrations';
import { sessionUsers } from '../../../mocks/fixtures/session';
import { subscriptionStates } from '../../../mocks/fixtures/subscription';
import { ownerAloneTeam, storeTeam } from '../../../mocks/fixtures/team';
import { acquisitionCostAnswer } from '../../../mocks/handlers/dashboard';
import { integrationsAnswer } from '../../../mocks/handlers/integrations';
import { meAs } from '../../../mocks/handlers/session';
import { billingStore } from '../../../mocks/handlers/subscription';
import { membersAnswer } from '../../../mocks/handlers/team';
import { FirstSteps } from '../../../src/web/app/first-steps/first-steps';
import { setupMockServer } from '../msw';
import { renderWithApp } from '../render';

const server = setupMockServer();
const currentYear = Number(STORE_TODAY.slice(0, 4));
const withoutThisYear = Object.fromEntries(Object.entries(INVESTMENTS).filter(([year]) => Number(year) !== currentYear));

function stepNamed(name: RegExp) {
  return screen.getAllByRole('listitem').find((item) => name.test(item.textContent ?? ''))!;
}

describe('FirstSteps', () => {
  it('lists what is left from the data, ticks what is done and opens the investment modal', async () => {
    server.use(
      meAs(sessionUsers.admin),
      integrationsAnswer(integrationsStoreOnly),
      acquisitionCostAnswer({ investments: withoutThisYear }),
      membersAnswer(ownerAloneTeam),
    );
    const onSetInvestment = vi.fn();
    await renderWithApp(<FirstSteps currentYear={currentYear} onSetInvestment={onSetInvestment} />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Primeros pasos' })).toBeTruthy();
    expect(screen.getByText('2 de 4 pasos completados')).toBeTruthy();
    expect(stepNamed(/Conecta tu tienda Shopify/).textContent).toContain('(completado)');
    expect(stepNamed(/Activa tu plan/).textContent).toContain('(completado)');
    expect(
      within(stepNamed(/Invita a tu equipo/))
        .getByRole('link', { name: 'Invitar colaboradores' })
        .getAttribute('href'),
    ).toBe('/account?tab=store');
    fireEvent.click(within(stepNamed(/inversión/)).getByRole('button', { name: 'Registrar inversión' }));
    expect(onSetInvestment).toHaveBeenCalledOnce();
  });

  it('asks to connect the store first when none is connected', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsNothingConnected), membersAnswer(ownerAloneTeam));
    await renderWithApp(<FirstSteps currentYear={currentYear} onSetInvestment={() => {}} />, { route: '/dashboard' });
    const step = await waitFor(() => stepNamed(/Conecta tu tienda Shopify/));
    expect(within(step).getByRole('link', { name: 'Conectar tienda' }).getAttribute('href')).toBe('/integrations');
  });

  it('leaves once every step is done, and stays when the help menu led to it', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsStoreOnly), acquisitionCostAnswer(), membersAnswer(storeTeam));
    const { queryClient, unmount } = await renderWithApp(<FirstSteps currentYear={currentYear} onSetInvestment={() => {}} />, {
      route: '/dashboard',
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('heading', { name: 'Primeros pasos' })).toBeNull();
    unmount();
    await renderWithApp(<FirstSteps currentYear={currentYear} onSetInvestment={() => {}} />, { route: '/dashboard#primeros-pasos' });
    expect(await screen.findByText(/Completaste los primeros pasos/)).toBeTruthy();
    expect(screen.getByText('4 de 4 pasos completados')).toBeTruthy();
  });

  it('leads to the account to activate a plan while the store has none', async () => {
    server.use(
      meAs(sessionUsers.admin),
      ...billingStore({ state: subscriptionStates.none }),
      integrationsAnswer(integrationsStoreOnly),
      acquisitionCostAnswer(),
      membersAnswer(storeTeam),
    );
    await renderWithApp(<FirstSteps currentYear={currentYear} onSetInvestment={() => {}} />, { route: '/dashboard' });
    const step = await waitFor(() => stepNamed(/Activa tu plan/));
    expect(step.textContent).toContain('(pendiente)');
    expect(within(step).getByRole('link', { name: 'Elegir un plan' }).getAttribute('href')).toBe('/account');
  });

  it('shows only the steps the role can take: none for a collaborator', async () => {
    server.use(meAs(sessionUsers.colaborator));
    const { queryClient } = await renderWithApp(<FirstSteps currentYear={currentYear} onSetInvestment={() => {}} />, {
      route: '/dashboard',
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('heading', { name: 'Primeros pasos' })).toBeNull();
  });
});
