import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageHints } from '../../../../src/server/platform/pages/page-hints.ts';
import type { Auth } from '../../../../src/server/platform/security/sessions.ts';

let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'recompra-page-hints-'));
  await mkdir(join(webDir, '.vite'));
  await writeFile(
    join(webDir, '.vite/page-code.json'),
    JSON.stringify({
      entry: { early: ['/prime-intl.js'], styles: ['/assets/index.css'], scripts: ['/assets/index.js', '/assets/framework.js'] },
      routes: [
        { path: '/dashboard', files: ['/assets/dashboard.js'] },
        { path: '/segments/create', files: ['/assets/segment-form.js'] },
        { path: '/segments/:id', files: ['/assets/segment-detail.js'] },
      ],
    }),
  );
});
afterAll(() => rm(webDir, { recursive: true, force: true }));

const auth = (role: Auth['role'], storeId: number | null): Auth => ({
  userId: 1,
  email: 'ana@tienda.cl',
  name: 'Ana',
  isProviderAdmin: false,
  storeId,
  role,
  tokenHash: Buffer.alloc(32),
  csrfToken: 'token',
});
const addresses = (links: string[]) => links.map((link) => /^<([^>]+)>/.exec(link)![1]);
const ENTRY = [
  '</prime-intl.js>; rel=preload; as=script',
  '</assets/index.css>; rel=preload; as=style; crossorigin',
  '</assets/index.js>; rel=modulepreload; crossorigin',
  '</assets/framework.js>; rel=modulepreload; crossorigin',
];

it("names the entry's own script, styles and module scripts, then the route's code, signed in or out", async () => {
  const hints = pageHints(webDir, '/backend');
  expect((await hints('/segments/12?tab=custom', null)).links).toEqual([
    ...ENTRY,
    '</assets/segment-detail.js>; rel=modulepreload; crossorigin',
  ]);
  expect(addresses((await hints('/segments/create', null)).links)).toContain('/assets/segment-form.js');
  expect(addresses((await hints('/dashboard/', null)).links)).toContain('/assets/dashboard.js');
  expect(await hints('/no-existe', null)).toEqual({ links: ENTRY, answers: [] });
  // Signed in, the page carries its first data: the header names only code.
  const signedIn = await hints('/dashboard', auth('admin', 7));
  expect(signedIn.links).toEqual([...ENTRY, '</assets/dashboard.js>; rel=modulepreload; crossorigin']);
  expect(signedIn.answers[0]).toBe('/api/auth/me');
});

it('names no code without the build’s list', async () => {
  const hints = pageHints(join(webDir, 'sin-compilar'), '/backend');
  expect(await hints('/dashboard', null)).toEqual({ links: [], answers: [] });
});

it("carries the dashboard's default figures in the store's year, and only what the role may read", async () => {
  const hints = pageHints(webDir, '/backend');
  // New Year's Eve at 22:00 in Santiago is already the next year in UTC.
  const newYearsEve = new Date('2027-01-01T01:00:00Z');
  const owner = (await hints('/dashboard', auth('admin', 7), newYearsEve)).answers;
  expect(owner).toEqual([
    '/api/auth/me',
    '/api/private/stores',
    '/api/private/stores/7/sync',
    '/api/private/subscription',
    '/api/private/stores/7/conversations/unreadCount',
    '/api/private/stores/7/integrations',
    '/backend/stores/7/stats',
    '/backend/stores/7/statsInRange?preset=last30Days&granularity=day',
    '/backend/stores/7/stats/table?dimension=products&sort=income&order=desc&page=1&pageSize=10',
    '/api/private/stores/7/stats/charts/acquisitionCost?year=2026',
    '/api/private/stores/7/adCampaigns/performance',
    '/backend/stores/7/metaAdAccountProps',
    '/api/private/stores/7/whatsappCampaigns',
    '/api/private/stores/7/members',
  ]);
  const collaborator = (await hints('/dashboard', auth('colaborator', 7))).answers;
  expect(collaborator).not.toContain('/api/private/stores/7/members');
  expect(collaborator).not.toContain('/api/private/stores/7/integrations');
  expect((await hints('/dashboard', auth('admin', null))).answers).toEqual(['/api/auth/me', '/api/private/stores']);
  // Another view's figures depend on its address, which the app reads.
  expect((await hints('/dashboard?range=last7Days', auth('admin', 7))).answers).not.toContain('/backend/stores/7/stats');
});

it('names the backend API on another host in the header, where the browser calls it; this server’s answers travel in the page', async () => {
  const hints = pageHints(webDir, 'https://api.recompra.cl/v1');
  const { links, answers } = await hints('/dashboard', auth('admin', 7));
  expect(links).toContain('<https://api.recompra.cl/v1/stores/7/stats>; rel=preload; as=fetch; crossorigin=use-credentials');
  expect(answers).toContain('/api/auth/me');
  expect(answers.filter((address) => address.includes('api.recompra.cl'))).toEqual([]);
});

it("carries each page's own first data at its default view, after the shell's", async () => {
  const hints = pageHints(webDir, '/backend');
  const own = async (url: string) => (await hints(url, auth('admin', 7))).answers.slice(6);
  expect(await own('/segments')).toEqual([
    '/api/private/stores/7/segments',
    '/backend/stores/7/segments/stats',
    '/api/private/stores/7/emailMarketing/segmentSyncs',
  ]);
  expect(await own('/segments/create')).toEqual(['/backend/stores/7/productTypes']);
  expect(await own('/segments/12')).toEqual([
    '/api/private/stores/7/segments/12',
    '/backend/stores/7/segments/12/stats',
    '/backend/stores/7/segments/12/stats/table?sort=totalSpent&order=desc&page=1&pageSize=10',
  ]);
  expect(await own('/segments/12/edit')).toEqual(['/api/private/stores/7/segments/12', '/backend/stores/7/productTypes']);
  expect(await own('/campaigns')).toEqual(['/api/private/stores/7/adCampaigns']);
  expect(await own('/campaigns/create')).toEqual(['/backend/stores/7/metaAdAccountProps', '/api/private/stores/7/segments']);
  expect(await own('/whatsapp')).toEqual(['/api/private/stores/7/whatsappTemplates']);
  expect(await own('/whatsapp/templates/3')).toEqual(['/api/private/stores/7/whatsappTemplates/3']);
  expect(await own('/whatsapp/templates/create')).toEqual([]);
  expect(await own('/account')).toEqual(['/api/private/me/account_details']);
  expect(await own('/account/change-plan')).toEqual(['/api/private/plans', '/api/private/stores/7/ordersCount']);
  // Another view, an address that names no record, and a page without data of its own carry only the shell's.
  expect(await own('/segments/12?page=3')).toEqual([]);
  expect(await own('/segments/todos')).toEqual([]);
  expect(await own('/integrations')).toEqual([]);
});
