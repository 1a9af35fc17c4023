import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionUsers } from '../../../mocks/fixtures/session';
import { subscriptionStates } from '../../../mocks/fixtures/subscription';
import { meAs } from '../../../mocks/handlers/session';
import { billingStore, planRequired } from '../../../mocks/handlers/subscription';
import { ApiError } from '../../../src/web/api/errors';
import { preloadPageAt } from '../../../src/web/app/pages';
import { createQueryClient } from '../../../src/web/app/providers';
import { setupMockServer } from '../msw';

const server = setupMockServer();

// The page's code loads beside its data: loaded here first, so none of it is still arriving when the file ends.
beforeAll(async () => {
  await Promise.all([
    import('../../../src/web/features/dashboard/routes/dashboard-route'),
    import('../../../src/web/app/first-steps/first-steps'),
    import('../../../src/web/features/segments/routes/segments-route'),
    import('../../../src/web/features/segments/routes/segment-detail-route'),
    import('../../../src/web/features/account/routes/change-plan-route'),
  ]);
});
let asked: string[] = [];
const record = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
afterEach(() => {
  server.events.removeListener('request:start', record);
  asked = [];
});

/** The app's start at `pathname`, until every call it made has been answered; the paths it asked for. */
async function startAt(pathname: string, search = '') {
  server.events.on('request:start', record);
  const queryClient = createQueryClient();
  preloadPageAt({ pathname, search }, queryClient);
  await expect.poll(() => asked.some((path) => path.endsWith('/subscription'))).toBe(true);
  await expect.poll(() => queryClient.isFetching()).toBe(0);
  // The page's own prefetch starts once the subscription is known.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await expect.poll(() => queryClient.isFetching()).toBe(0);
  return asked;
}

const startAtDashboard = async () => (await startAt('/dashboard')).filter((path) => /\/stats/.test(path));

describe('preloadPageAt', () => {
  it("asks for the dashboard's figures while the app starts when the store has a plan", async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.activeMonthly }));
    expect((await startAtDashboard()).length).toBeGreaterThan(0);
  });

  it('asks for none of them when the store has neither plan nor trial: the server would refuse each', async () => {
    server.use(meAs(sessionUsers.admin), ...planRequired(), ...billingStore({ state: subscriptionStates.none }));
    expect(await startAtDashboard()).toEqual([]);
  });
});

describe("each page's own first data", () => {
  it('asks for the segments and their figures on the segments page', async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.activeMonthly }));
    const asked = await startAt('/segments');
    expect(asked).toEqual(expect.arrayContaining(['/api/private/stores/1/segments', '/backend/stores/1/segments/stats']));
    expect(asked.filter((path) => path.includes('/stats/table'))).toEqual([]);
  });

  it("asks for a segment's default view by its number, and only the segment for another view", async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.activeMonthly }));
    expect(await startAt('/segments/1')).toEqual(
      expect.arrayContaining(['/api/private/stores/1/segments/1', '/backend/stores/1/segments/1/stats/table']),
    );
    asked = [];
    expect((await startAt('/segments/1', '?page=2')).filter((path) => path.includes('/segments/1'))).toEqual([]);
    asked = [];
    expect((await startAt('/segments/uno')).filter((path) => path.includes('/segments/'))).toEqual([]);
  });

  it('asks for the plans without a plan: the change-plan page is the way to one', async () => {
    server.use(meAs(sessionUsers.admin), ...planRequired(), ...billingStore({ state: subscriptionStates.none }));
    expect(await startAt('/account/change-plan')).toEqual(
      expect.arrayContaining(['/api/private/plans', '/api/private/stores/1/ordersCount']),
    );
  });
});

describe('the query client', () => {
  it('asks again once after a failure, never after a refusal', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean;
    expect(retry(0, new ApiError(500))).toBe(true);
    expect(retry(0, new ApiError(0))).toBe(true);
    expect(retry(1, new ApiError(500))).toBe(false);
    expect(retry(0, new ApiError(402, { message: 'Elige un plan para continuar.', code: 'subscription_required' }))).toBe(false);
    expect(retry(0, new ApiError(404))).toBe(false);
  });
});
