import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { customSegments, segmentBuilding, segmentCustomerRows, segmentStatsFixture } from '../../../../mocks/fixtures/segments';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { segmentsStore } from '../../../../mocks/handlers/segments';
import { meAs } from '../../../../mocks/handlers/session';
import { formatClp, formatCount } from '../../../../src/shared/format';
import { SegmentDetailRoute } from '../../../../src/web/features/segments/routes/segment-detail-route';
import { Toaster } from '../../../../src/web/ui/toast';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  toaster.store.remove();
});

const vip = customSegments[1]!;

const renderDetail = (route = `/segments/${vip.id}`) =>
  renderWithApp(
    <>
      <Routes>
        <Route path="/segments/:id" element={<SegmentDetailRoute />} />
      </Routes>
      <Toaster />
    </>,
    { route },
  );

/** The figure of the metric card named `label`. */
async function metric(label: string) {
  const heading = await screen.findByRole('heading', { name: label, level: 2 });
  return within(heading.closest('article') as HTMLElement);
}

describe('SegmentDetailRoute', () => {
  it('shows the six metrics computed from the members, and the first page of them', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore());
    await renderDetail();
    const stats = segmentStatsFixture(vip);
    expect(await (await metric('Clientes')).findByText(formatCount(stats.totalCustomers))).toBeTruthy();
    expect(await (await metric('Ingresos totales')).findByText(formatClp(stats.totalIncome))).toBeTruthy();
    expect(await (await metric('Ingreso promedio por cliente')).findByText(formatClp(stats.avgIncomeByCustomer))).toBeTruthy();
    const top = segmentCustomerRows(vip)[0]!;
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(top.name)).toBeTruthy();
    expect(screen.getByText('Página 1 de 3')).toBeTruthy();
  });

  it('searches the members by name, email or phone', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore());
    await renderDetail();
    const box = await screen.findByRole('searchbox', { name: 'Buscar por nombre, correo o teléfono' });
    const [wanted] = segmentCustomerRows(vip, { q: 'gonzalez' });
    await userEvent.type(box, 'gonzalez{Enter}');
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(segmentCustomerRows(vip, { q: 'gonzalez' }).length + 1),
    );
    expect(within(screen.getByRole('table')).getByText(wanted!.name)).toBeTruthy();
  });

  it('says the data may take a few minutes while the segment is built, and asks for no figures', async () => {
    const asked: string[] = [];
    server.use(meAs(sessionUsers.admin), ...segmentsStore({ segments: [segmentBuilding(vip, 'inProgress')] }));
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    await renderDetail();
    expect(await screen.findByText(/pueden tardar unos minutos/)).toBeTruthy();
    expect(screen.getByText('En progreso')).toBeTruthy();
    expect(asked.some((path) => path.includes('/stats'))).toBe(false);
    server.events.removeAllListeners();
  });

  it('says the download failed', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore({ failing: ['download'] }));
    await renderDetail();
    await screen.findByText('Página 1 de 3');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar XLSX' }));
    expect((await screen.findAllByText('No se pudo descargar el segmento. Inténtalo de nuevo en unos minutos.')).length).toBeGreaterThan(0);
  });

  it('says so when the segment does not exist', async () => {
    server.use(meAs(sessionUsers.admin), ...segmentsStore());
    await renderDetail('/segments/999');
    expect(await screen.findByRole('heading', { name: 'No encontramos este segmento' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver segmentos' }).getAttribute('href')).toBe('/segments');
  });
});
