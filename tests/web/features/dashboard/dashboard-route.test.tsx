import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { filteredStatsTableRows, statsInRangeFixture, statsTablePage, storeStats } from '../../../../mocks/fixtures/dashboard';
import { sessionUsers, userWithoutStore } from '../../../../mocks/fixtures/session';
import { backendHttp } from '../../../../mocks/handlers/clients';
import {
  dashboardStore,
  setInvestmentFails,
  statsTableXlsxFails,
  storeStatsAnswer,
  storeStatsFails,
} from '../../../../mocks/handlers/dashboard';
import { meAs } from '../../../../mocks/handlers/session';
import { formatClp, formatPercent, formatPercentagePoints } from '../../../../src/shared/format';
import { DashboardRoute } from '../../../../src/web/features/dashboard/routes/dashboard-route';
import { Toaster } from '../../../../src/web/ui/toast';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

const renderDashboard = (route = '/dashboard') =>
  renderWithApp(
    <>
      <DashboardRoute />
      <Toaster />
    </>,
    { route },
  );

/** The figure of the indicator card named `label`. */
async function figure(label: string): Promise<HTMLElement> {
  const headings = await screen.findAllByRole('heading', { name: label, level: 2 });
  const card = headings.map((heading) => heading.closest('article')).find(Boolean);
  if (!card) throw new Error(`No indicator named ${label}`);
  return card;
}

describe('DashboardRoute', () => {
  it('shows the store total orders formatted for Chile', async () => {
    server.use(meAs(sessionUsers.admin), storeStatsAnswer({ ...storeStats, totalOrders: 1234567 }));
    await renderDashboard();
    expect(await within(await figure('Pedidos totales')).findByText('1.234.567')).toBeTruthy();
  });

  it('offers a retry when the figure fails, and shows it once the retry works', async () => {
    server.use(meAs(sessionUsers.admin), storeStatsFails());
    await renderDashboard();
    const card = await figure('Pedidos totales');
    expect(await within(card).findByText('No pudimos cargar esta información.')).toBeTruthy();
    server.use(storeStatsAnswer({ ...storeStats, totalOrders: 42 }));
    fireEvent.click(within(card).getByRole('button', { name: 'Reintentar' }));
    expect(await within(await figure('Pedidos totales')).findByText('42')).toBeTruthy();
  });

  it('says the connection failed when the figures got no answer', async () => {
    server.use(
      meAs(sessionUsers.admin),
      backendHttp.get('/stores/{id}/stats', () => HttpResponse.error()),
    );
    await renderDashboard();
    const card = await figure('Pedidos totales');
    expect(await within(card).findByText('Sin conexión con Recompra')).toBeTruthy();
    expect(within(card).queryByText('No pudimos cargar esta información.')).toBeNull();
  });

  it('asks to connect a store when the user has none', async () => {
    server.use(meAs(userWithoutStore));
    await renderDashboard();
    expect(await screen.findByText('Conecta tu tienda para ver sus indicadores.')).toBeTruthy();
  });

  /** The query strings of the range requests the page makes, from now on, against the whole fixture store. */
  function rangeQueriesAsked(): string[] {
    const asked: string[] = [];
    server.use(meAs(sessionUsers.admin), ...dashboardStore());
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/statsInRange')) asked.push(new URL(request.url).search);
    });
    return asked;
  }

  it('asks for the range and granularity in the address, and shows that range against the one before', async () => {
    const asked = rangeQueriesAsked();
    await renderDashboard('/dashboard?preset=last12Months&granularity=month');
    const expected = statsInRangeFixture({
      preset: 'last12Months',
      granularity: 'month',
    });
    expect(await within(await figure('Ingresos')).findByText(formatClp(expected.totals.income))).toBeTruthy();
    const change = (expected.totals.income - expected.previous.income) / expected.previous.income;
    expect((await figure('Ingresos')).textContent).toContain(formatPercent(change, { signed: true }));
    expect(asked).toContain('?preset=last12Months&granularity=month');
    server.events.removeAllListeners();
  });

  it('compares with the same period last year from the address, and shows rate changes in percentage points', async () => {
    const asked = rangeQueriesAsked();
    await renderDashboard('/dashboard?preset=monthToDate&compare=samePeriodLastYear');
    const expected = statsInRangeFixture({ preset: 'monthToDate', comparison: 'samePeriodLastYear' });
    expect(await screen.findByText(/Comparado con el mismo período del año anterior/)).toBeTruthy();
    const retention = await figure('Tasa de retención');
    const points = expected.totals.retentionRate! - expected.previous.retentionRate!;
    expect(retention.textContent).toContain(formatPercentagePoints(points));
    expect(retention.textContent).toContain('vs. mismo período del año anterior');
    expect(asked.some((search) => search.includes('comparison=samePeriodLastYear'))).toBe(true);
    server.events.removeAllListeners();
  });

  it('switches the comparison from the header, and asks for it', async () => {
    const asked = rangeQueriesAsked();
    await renderDashboard();
    expect(await screen.findByText(/Comparado con el período anterior/)).toBeTruthy();
    const choices = within(screen.getByRole('group', { name: 'Comparar con' }));
    await userEvent.click(choices.getByRole('button', { name: 'Mismo período del año anterior' }));
    expect(await screen.findByText(/Comparado con el mismo período del año anterior/)).toBeTruthy();
    expect(choices.getByRole('button', { name: 'Mismo período del año anterior' }).getAttribute('aria-pressed')).toBe('true');
    expect(asked.at(-1)).toContain('comparison=samePeriodLastYear');
    server.events.removeAllListeners();
  });

  it('lists the active campaigns, each linking to its detail', async () => {
    server.use(meAs(sessionUsers.admin), ...dashboardStore());
    await renderDashboard();
    const section = within(await screen.findByRole('region', { name: 'Campañas activas' }));
    expect((await section.findByRole('link', { name: 'Recompra de verano' })).getAttribute('href')).toBe('/campaigns/101');
    expect(section.getByText('9,06x')).toBeTruthy();
  });

  it('explains the active campaigns section while none runs', async () => {
    server.use(meAs(sessionUsers.admin), ...dashboardStore({ activeCampaigns: { currency: 'CLP', campaigns: [] } }));
    await renderDashboard();
    expect(await screen.findByText('No tienes campañas activas')).toBeTruthy();
  });

  it('says which year of the range lacks an investment and opens the modal on it', async () => {
    server.use(meAs(sessionUsers.admin), ...dashboardStore({ investments: { 2026: 120_000_000 } }));
    await renderDashboard('/dashboard?preset=last12Months');
    const cost = await figure('Costo de adquisición por cliente');
    expect(await within(cost).findByText('No se puede calcular: falta tu inversión en marketing de 2025.')).toBeTruthy();
    await userEvent.click(within(cost).getByRole('button', { name: 'Definir inversión de 2025' }));
    expect(await screen.findByRole('dialog', { name: 'Inversión en marketing de 2025' })).toBeTruthy();
  });

  it('sets the yearly investment, says so, and shows the acquisition cost it gives', async () => {
    server.use(meAs(sessionUsers.admin), ...dashboardStore({ investments: {} }));
    await renderDashboard();
    expect(await within(await figure('Costo de adquisición por cliente')).findByText('—')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Definir inversión' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeTruthy();
    // Pasted whole: jsdom moves the caret oddly while Ark groups thousands as one types.
    await userEvent.click(within(dialog).getByLabelText(/Inversión anual/));
    await userEvent.paste('120000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect((await screen.findAllByText('Guardamos tu inversión en marketing de 2026.')).length).toBeGreaterThan(0);
    expect(await screen.findByText('Inversión en marketing de 2026: $120.000.000')).toBeTruthy();
    const expected = statsInRangeFixture({
      investments: { 2026: 120_000_000 },
    });
    expect(
      await within(await figure('Costo de adquisición por cliente')).findByText(formatClp(expected.totals.acquisitionCostPerCustomer)),
    ).toBeTruthy();
  });

  it('keeps the modal open with an error toast when saving fails', async () => {
    server.use(meAs(sessionUsers.admin), setInvestmentFails(), ...dashboardStore());
    await renderDashboard();
    // The section has its figures: the button is the one that stays, not one of a state on its way out.
    expect(await screen.findByText('Inversión en marketing de 2026: $120.000.000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar inversión' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect((await screen.findAllByText('No se pudo actualizar la inversión. Inténtalo de nuevo en unos minutos.')).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('lets a collaborator read the acquisition cost but not change the investment', async () => {
    server.use(meAs(sessionUsers.colaborator), ...dashboardStore());
    await renderDashboard();
    expect(await screen.findByText('Inversión en marketing de 2026: $120.000.000')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actualizar inversión' })).toBeNull();
  });

  it('pages through the overview table and changes tab', async () => {
    const asked: string[] = [];
    server.use(
      meAs(sessionUsers.admin),
      backendHttp.get('/stores/{id}/stats/table', ({ query, response }) => {
        asked.push(`${query.get('dimension')}:${query.get('page')}`);
        return response(200).json(statsTablePage(query.get('dimension') ?? 'products', Number(query.get('page')), 10));
      }),
      ...dashboardStore(),
    );
    await renderDashboard();
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('Página 2 de 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Método de pago' }));
    expect(await screen.findByText('Webpay Plus')).toBeTruthy();
    expect(asked).toEqual(['products:1', 'products:2', 'paymentMethods:1']);
  });

  it('sorts the overview table on the server from a header, marking it, and back to page 1', async () => {
    const asked: string[] = [];
    server.use(
      meAs(sessionUsers.admin),
      backendHttp.get('/stores/{id}/stats/table', ({ query, response }) => {
        asked.push(`${query.get('sort')}:${query.get('order')}:${query.get('page')}`);
        const filter = { sort: query.get('sort') ?? undefined, order: query.get('order') ?? undefined };
        return response(200).json(statsTablePage('products', Number(query.get('page')), 10, filter));
      }),
      ...dashboardStore(),
    );
    await renderDashboard('/dashboard?page=2');
    expect(await screen.findByText('Página 2 de 3')).toBeTruthy();
    const table = () => within(screen.getByRole('table', { name: 'Productos' }));
    const sortOf = (name: RegExp) => table().getByRole('columnheader', { name }).getAttribute('aria-sort');
    expect(sortOf(/Ingresos/)).toBe('descending');
    await userEvent.click(table().getByRole('button', { name: /Pedidos/ }));
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
    expect(sortOf(/Pedidos/)).toBe('descending');
    expect(sortOf(/Ingresos/)).toBe('none');
    await userEvent.click(table().getByRole('button', { name: /Pedidos/ }));
    await waitFor(() => expect(sortOf(/Pedidos/)).toBe('ascending'));
    const fewest = filteredStatsTableRows('products', { sort: 'orders', order: 'asc' })[0]!;
    expect(await screen.findByText(fewest.key)).toBeTruthy();
    expect(asked).toEqual(['income:desc:2', 'orders:desc:1', 'orders:asc:1']);
  });

  it('searches once typing pauses, says when nothing matches, and clears the search', async () => {
    const asked: (string | null)[] = [];
    server.use(
      meAs(sessionUsers.admin),
      backendHttp.get('/stores/{id}/stats/table', ({ query, response }) => {
        asked.push(query.get('q'));
        return response(200).json(statsTablePage('products', Number(query.get('page')), 10, { q: query.get('q') ?? undefined }));
      }),
      ...dashboardStore(),
    );
    await renderDashboard();
    const box = await screen.findByRole('searchbox', { name: 'Buscar producto' });
    await userEvent.type(box, 'POLERÓN');
    expect(await screen.findByText('Poleron canguro')).toBeTruthy();
    // The word once typing paused, not a request per letter.
    expect(asked.at(-1)).toBe('POLERÓN');
    expect(asked.length).toBeLessThan('POLERÓN'.length + 1);
    await userEvent.clear(box);
    await userEvent.type(box, 'sandalias');
    expect(await screen.findByText('No hay resultados para «sandalias»')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar búsqueda' }));
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Buscar producto' }) as HTMLInputElement).value).toBe('');
  });

  it('downloads the open tab as XLSX with the order and search shown', async () => {
    const asked: string[] = [];
    server.use(
      meAs(sessionUsers.admin),
      backendHttp.get('/stores/{id}/stats/table/xlsx', ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse('xlsx', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="recompra-metodos-de-pago-2026-11-20.xlsx"',
          },
        });
      }),
      ...dashboardStore(),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL ??= () => 'blob:tabla';
    URL.revokeObjectURL ??= () => undefined;
    await renderDashboard('/dashboard?tab=paymentMethods&sort=key&q=pago');
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar XLSX' }));
    await waitFor(() => expect(saved).toEqual(['recompra-metodos-de-pago-2026-11-20.xlsx']));
    expect(asked).toEqual(['?dimension=paymentMethods&sort=key&order=asc&q=pago']);
    click.mockRestore();
  });

  it('tells the merchant when the download fails', async () => {
    server.use(meAs(sessionUsers.admin), statsTableXlsxFails(), ...dashboardStore());
    await renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar XLSX' }));
    const toast = await screen.findAllByText('No se pudo descargar la tabla. Inténtalo de nuevo en unos minutos.');
    expect(toast.length).toBeGreaterThan(0);
  });

  it('welcomes a new subscription and lets the merchant close the message', async () => {
    server.use(meAs(sessionUsers.admin), ...dashboardStore());
    await renderDashboard('/dashboard?subscription=success');
    expect(await screen.findByText(/Tu suscripción está activa/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByText(/Tu suscripción está activa/)).toBeNull();
  });
});
