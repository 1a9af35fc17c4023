import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../api/session';
import { LOGOUT_PATH } from '../../lib/paths';
import type { LinkComponent } from '../../ui/link';
import * as AppShellParts from '../../ui/parts/app-shell';
import { Sidebar, type SidebarItem } from '../../ui/sidebar';
import { activeSidebarKey, sidebarEntriesFor } from '../access';

export interface AppShellProps {
  role: Role;
  /** The current path; decides the active entry. */
  pathname: string;
  unreadChats?: number | undefined;
  children: ReactNode;
  linkComponent?: LinkComponent;
  /** Above the page: the store switcher, for those who can change store. */
  storeSwitcher?: ReactNode;
  /** Above everything in the page area: the account and integration banners that apply. */
  banners?: ReactNode;
}

/** The signed-in layout: the role's sidebar and the page. Stateless. */
export function AppShell({ role, pathname, unreadChats, children, linkComponent, storeSwitcher, banners }: AppShellProps) {
  const { t } = useTranslation('common');
  const active = activeSidebarKey(pathname);
  const items: SidebarItem[] = sidebarEntriesFor(role).map((entry) => ({
    key: entry.key,
    href: entry.path,
    label: t(`nav.${entry.key}`),
    active: entry.key === active,
    badge: entry.key === 'chat' && unreadChats ? { count: unreadChats, label: t('nav.unread', { count: unreadChats }) } : undefined,
  }));
  return (
    <AppShellParts.Root>
      <AppShellParts.Aside>
        <Sidebar
          brand={t('appName')}
          navLabel={t('nav.label')}
          items={items}
          exit={{ href: LOGOUT_PATH, label: t('nav.logout') }}
          linkComponent={linkComponent}
        />
      </AppShellParts.Aside>
      <AppShellParts.Main>
        {banners ? <AppShellParts.Banners>{banners}</AppShellParts.Banners> : null}
        {storeSwitcher}
        {children}
      </AppShellParts.Main>
    </AppShellParts.Root>
  );
}
