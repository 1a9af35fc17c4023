import { delay } from 'msw';
import { storeStats } from '../fixtures/dashboard';
import { serverError } from '../fixtures/session';
import { backendHttp } from './clients';

type StoreStats = typeof storeStats;

export const storeStatsAnswer = (stats: StoreStats = storeStats) =>
  backendHttp.get('/stores/{id}/stats', ({ response }) => response(200).json(stats));

export const storeStatsFails = () =>
  backendHttp.get('/stores/{id}/stats', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

export const storeStatsNeverAnswers = () =>
  backendHttp.get('/stores/{id}/stats', async ({ response }) => {
    await delay('infinite');
    return response(200).json(storeStats);
  });

export const dashboardHandlers = [storeStatsAnswer()];
