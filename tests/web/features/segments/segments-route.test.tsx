import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { allSegments, customSegments, defaultSegments, segmentBuilding, segmentsStatsFixture } from '../../../../mocks/fixtures/segments';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { liveChannel } from '../../../../mocks/handlers/live';
import { segmentsStore } from '../../../../mocks/handlers/segments';
import { meAs } from '../../../../mocks/handlers/session';
import { formatCount, formatPercent } from '../../../../src/shared/format';
import { SegmentsRoute } from '../../../../src/web/features/segments/routes/segments-route';
import { Toaster } from '../../../../src/web/ui/toast';
import { toaster } from '../../../../src/web/ui/toaster';
import { chooseMenuItem } from '../../menu';
import { setupMockServer } from '../../msw';
import { LiveUpdates, renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  // One toaster for the whole file: a test's toasts must not queue in front of the next one's.
  toaster.store.remove();
});

/** Where the app went: the page a link or a navigation opened. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

const renderList = (route = '/segments') =>
  renderWithApp(
    <>
      <LiveUpdates />
      <Routes>
        <Route path="/segments" element={<SegmentsRoute />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
      <Toaster />
    </>,
    { route },
  );

/** Ark's menu selects from the keyboard reliably under happy-dom: highlight the item, then Enter. */
/** A toast with `message` (its text shows, and a copy is read out for screen readers). */
const toast = async (message: string) => expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);

const card = async (name: string) => within(await screen.findByRole('article', { name }));

describe('SegmentsRoute', () => {
  it('lists the six defaults first, each with its size and its share of the store computed from its members', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore());
    await renderList();
    const stats = segmentsStatsFixture(allSegments);
    const highValue = defaultSegments[0]!;
    const figures = await card('Clientes de alto valor');
    expect(figures.getByText(`${formatCount(highValue.customers)} clientes`)).toBeTruthy();
    expect(figures.getByText(`${formatPercent(highValue.customers! / stats.totalCustomers)} de tus clientes en Shopify`)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.getByRole('tab', { name: 'Personalizados (3)' })).toBeTruthy();
  });

  it('shows the custom tab from the address, and its edit action opens the edit page', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore());
    await renderList('/segments?tab=custom');
    const vip = await card('Clientes VIP');
    await userEvent.click(vip.getByRole('button', { name: 'Acciones de Clientes VIP' }));
    await chooseMenuItem('Editar');
    expect((await screen.findByTestId('location')).textContent).toBe('/segments/22/edit');
  });

  it('asks which form, then opens it', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore());
    await renderList();
    await card('Clientes nuevos');
    await userEvent.click(screen.getByRole('button', { name: 'Crear segmento' }));
    await userEvent.click(await screen.findByRole('link', { name: /Avanzado/ }));
    expect((await screen.findByTestId('location')).textContent).toBe('/segments/create?type=advanced');
  });

  it('explains custom segments when there are none', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore({ segments: defaultSegments }));
    await renderList('/segments?tab=custom');
    expect(await screen.findByText('Aún no tienes segmentos personalizados')).toBeTruthy();
  });

  it('deletes a custom segment after the confirmation', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore());
    await renderList('/segments?tab=custom');
    const vip = await card('Clientes VIP');
    await userEvent.click(vip.getByRole('button', { name: 'Acciones de Clientes VIP' }));
    await chooseMenuItem('Eliminar');
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar «Clientes VIP»?' });
    expect(within(dialog).getByText(/no se puede deshacer/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar segmento' }));
    await toast('Eliminamos el segmento «Clientes VIP».');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Clientes VIP' })).toBeNull());
  });

  it('says the deletion failed in the catalogue words', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore({ failing: ['delete'] }));
    await renderList('/segments?tab=custom');
    const vip = await card('Clientes VIP');
    await userEvent.click(vip.getByRole('button', { name: 'Acciones de Clientes VIP' }));
    await chooseMenuItem('Eliminar');
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar segmento' }));
    await toast('No se pudo eliminar el segmento.');
    // The confirmation stays, for another try.
    expect(screen.getByRole('alertdialog', { name: '¿Eliminar «Clientes VIP»?' })).toBeTruthy();
  });

  it('turns a sync on, and says when turning it off fails', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore());
    await renderList();
    const fresh = await card('Clientes nuevos');
    await userEvent.click(fresh.getByRole('checkbox', { name: 'Sincronizar con Klaviyo' }));
    expect(await fresh.findByText('Enviando clientes a Klaviyo…')).toBeTruthy();
    server.use(...segmentsStore({ failing: ['sync'] }));
    const synced = await card('Clientes de alto valor');
    await userEvent.click(synced.getByRole('checkbox', { name: 'Sincronizar con Klaviyo' }));
    await toast('No se pudo desactivar la sincronización de «Clientes de alto valor» con Klaviyo. Inténtalo de nuevo en unos minutos.');
  });

  it('says the download failed', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore({ failing: ['download'] }));
    await renderList();
    const fresh = await card('Clientes nuevos');
    await userEvent.click(fresh.getByRole('button', { name: 'Acciones de Clientes nuevos' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Descargar XLSX']);
    await chooseMenuItem('Descargar XLSX');
    await toast('No se pudo descargar el segmento. Inténtalo de nuevo en unos minutos.');
  });

  it('links to integrations when Klaviyo is not connected, and offers no toggle', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore({ connected: false }));
    await renderList();
    expect((await screen.findByRole('link', { name: 'Conectar Klaviyo' })).getAttribute('href')).toBe('/integrations');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows a collaborator the toggles disabled, and no link to integrations', async () => {
    server.use(meAs(sessionUsers.colaborator), ...segmentsStore());
    await renderList();
    await card('Clientes nuevos');
    for (const toggle of screen.getAllByRole('checkbox')) expect((toggle as HTMLInputElement).disabled).toBe(true);
    server.use(meAs(sessionUsers.colaborator), ...segmentsStore({ connected: false }));
    cleanup();
    await renderList();
    expect(await screen.findByText(/Pide a un administrador/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Conectar Klaviyo' })).toBeNull();
  });

  it('shows a segment ready as soon as the live channel says its build moved on, without asking before', async () => {
    const queued = segmentBuilding(customSegments[0]!, 'queued');
    const live = liveChannel();
    let listed = 0;
    const countLists = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/segments')) listed += 1;
    };
    server.events.on('request:start', countLists);
    server.use(
      meAs(sessionUsers.admin),
      live.handler,
      ...segmentsStore({ segments: [...defaultSegments, queued, ...customSegments.slice(1)] }),
    );
    await renderList('/segments?tab=custom');
    const building = await card('Mayoristas sin compras este año');
    expect(building.getByText('En cola')).toBeTruthy();
    await waitFor(() => expect(live.channel.open).toBe(1));
    // Nothing is asked again while nothing is said.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listed).toBe(1);
    server.use(live.handler, ...segmentsStore());
    live.channel.send({ topic: 'segment', segmentId: queued.id });
    expect(await building.findByText('Listo')).toBeTruthy();
    expect(listed).toBe(2);
    server.events.removeListener('request:start', countLists);
  });
});
