import { CHAT_PATH } from '../features/chat/routes/paths';
import { SEGMENTS_PATH } from '../features/segments/routes/paths';
import { WHATSAPP_PATH } from '../features/whatsapp/routes/paths';
import { ACCOUNT_PATH, CAMPAIGNS_PATH, HOME_PATH, INTEGRATIONS_PATH } from '../lib/paths';
import type { PageRoute } from '../lib/routes';
import { FEATURES } from './features';

/** SPEC §2 route table, from the features' route modules (app/features.ts). */
export const ROUTES: readonly PageRoute[] = FEATURES.flatMap((feature) => feature.routes);

/** Sections that show the store's data (SPEC §2: they need a connected store and its last year of orders). */
const DATA_SECTIONS = FEATURES.flatMap((feature) => feature.dataSection ?? []);

export function isDataPath(path: string): boolean {
  return path === '/' || DATA_SECTIONS.some((section) => path === section || path.startsWith(`${section}/`));
}

export type SidebarKey = 'dashboard' | 'segments' | 'campaigns' | 'integrations' | 'whatsapp' | 'account' | 'chat';

/** SPEC §2 sidebar, in order. `path` is both the link and the access check. */
export const SIDEBAR_ENTRIES: readonly { key: SidebarKey; path: string }[] = [
  { key: 'dashboard', path: HOME_PATH },
  { key: 'segments', path: SEGMENTS_PATH },
  { key: 'campaigns', path: CAMPAIGNS_PATH },
  { key: 'integrations', path: INTEGRATIONS_PATH },
  { key: 'whatsapp', path: WHATSAPP_PATH },
  { key: 'account', path: ACCOUNT_PATH },
  { key: 'chat', path: CHAT_PATH },
];
