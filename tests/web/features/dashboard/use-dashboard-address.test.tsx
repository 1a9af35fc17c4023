import { act, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { statsInRangeFixture } from '../../../../mocks/fixtures/dashboard';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { dashboardStore } from '../../../../mocks/handlers/dashboard';
import { meAs } from '../../../../mocks/handlers/session';
import { formatClp } from '../../../../src/shared/format';
import { DashboardRoute } from '../../../../src/web/features/dashboard/routes/dashboard-route';
import {
  cleanSearch,
  rangeFromSearch,
  tableOrderFromSearch,
  useDashboardAddress,
  yearFromSearch,
} from '../../../../src/web/features/dashboard/routes/use-dashboard-address';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

const TODAY = '2026-03-15';
const search = (query: string) => new URLSearchParams(query);

describe('the dashboard address', () => {
  it('opens a custom range from two days in order', () => {
    expect(rangeFromSearch(search('from=2026-01-01&to=2026-01-31&granularity=week'), TODAY)).toEqual({
      range: { from: '2026-01-01', to: '2026-01-31' },
      preset: 'custom',
      granularity: 'week',
    });
  });

  it('falls back to the preset when a date is outside the years 2000 to 2100, not a real day, or after the other', () => {
    for (const query of [
      'from=1999-12-01&to=2026-01-31',
      'from=2026-01-01&to=2101-01-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-01&to=2026-02-01',
      'from=2026-1-1&to=2026-01-31',
    ]) {
      expect(rangeFromSearch(search(`${query}&preset=last7Days`), TODAY)).toEqual({
        range: { from: '2026-03-09', to: '2026-03-15' },
        preset: 'last7Days',
        granularity: 'day',
      });
    }
    expect(rangeFromSearch(search('from=1999-12-01&to=2026-01-31'), TODAY).preset).toBe('last30Days');
  });

  it('reads the acquisition year when the contract takes it, else the current one', () => {
    expect(yearFromSearch(search('year=2024'), 2026)).toBe(2024);
    for (const year of ['1999', '2101', 'abc', '2025.5', '']) expect(yearFromSearch(search(`year=${year}`), 2026)).toBe(2026);
  });

  it('writes changes to the address and keeps the defaults out of it', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/dashboard?tab=locations&page=3']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(() => ({ address: useDashboardAddress(TODAY), location: useLocation() }), { wrapper });
    expect(result.current.address).toMatchObject({ dimension: 'locations', page: 3, year: 2026, currentYear: 2026 });

    act(() => result.current.address.setDimension('products'));
    expect(result.current.location.search).toBe('');

    act(() => result.current.address.setRange({ range: { from: '2026-01-01', to: '2026-01-31' }, preset: 'custom', granularity: 'week' }));
    expect(result.current.location.search).toBe('?from=2026-01-01&to=2026-01-31&granularity=week');
    expect(result.current.address.query).toEqual({ from: '2026-01-01', to: '2026-01-31', granularity: 'week' });

    act(() => result.current.address.setYear(2025));
    expect(result.current.address.year).toBe(2025);
    act(() => result.current.address.setYear(2026));
    expect(result.current.location.search).not.toContain('year');
  });
});

describe('the overview table in the address', () => {
  it('reads the order, falling back to income from the largest, and a column’s natural direction', () => {
    expect(tableOrderFromSearch(search(''))).toEqual({ sort: 'income', order: 'desc' });
    expect(tableOrderFromSearch(search('sort=orders&order=asc'))).toEqual({ sort: 'orders', order: 'asc' });
    expect(tableOrderFromSearch(search('sort=key'))).toEqual({ sort: 'key', order: 'asc' });
    expect(tableOrderFromSearch(search('sort=customers&order=up'))).toEqual({ sort: 'customers', order: 'desc' });
    expect(tableOrderFromSearch(search('sort=price&order=asc'))).toEqual({ sort: 'income', order: 'desc' });
  });

  it('keeps a search the contract takes: trimmed, printable, 100 characters at most', () => {
    expect(cleanSearch('  café ')).toBe('café');
    expect(cleanSearch('caf\u0007é')).toBe('café');
    expect(cleanSearch('a'.repeat(150))).toHaveLength(100);
  });

  it('writes the order and search to the address and goes back to the first page', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/dashboard?tab=locations&page=3']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(() => ({ address: useDashboardAddress(TODAY), location: useLocation() }), { wrapper });
    act(() => result.current.address.setTableOrder({ sort: 'orders', order: 'asc' }));
    expect(result.current.location.search).toBe('?tab=locations&sort=orders&order=asc');
    expect(result.current.address.tableOrder).toEqual({ sort: 'orders', order: 'asc' });
    act(() => result.current.address.setPage(2));
    act(() => result.current.address.setSearch('  Santiago '));
    expect(result.current.location.search).toBe('?tab=locations&sort=orders&order=asc&q=Santiago');
    expect(result.current.address.search).toBe('Santiago');
    act(() => result.current.address.setDimension('discounts'));
    expect(result.current.location.search).toBe('?tab=discounts&sort=orders&order=asc');
    act(() => result.current.address.setSearch('CYBER'));
    act(() => result.current.address.setSearch(''));
    act(() => result.current.address.setTableOrder({ sort: 'income', order: 'desc' }));
    expect(result.current.location.search).toBe('?tab=discounts');
  });
});

describe('DashboardRoute with a date out of range in the address', () => {
  it('shows the preset instead of an error', async () => {
    const asked: string[] = [];
    server.use(meAs(sessionUsers.admin), ...dashboardStore());
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/statsInRange')) asked.push(new URL(request.url).search);
    });
    await renderWithApp(<DashboardRoute />, { route: '/dashboard?from=1999-12-01&to=2026-01-31' });
    const expected = statsInRangeFixture({ preset: 'last30Days' });
    const headings = await screen.findAllByRole('heading', { name: 'Ingresos', level: 2 });
    const card = headings.map((heading) => heading.closest('article')).find(Boolean);
    expect(await within(card as HTMLElement).findByText(formatClp(expected.totals.income))).toBeTruthy();
    expect(asked).toEqual(['?preset=last30Days&granularity=day']);
    server.events.removeAllListeners();
  });
});
