import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../api/session';
import { LOGOUT_PATH } from '../../lib/paths';
import { Icon } from '../../ui/icons';
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
  /** On narrow screens, whether the navigation drawer is open. */
  navOpen?: boolean;
  onNavOpenChange?: (open: boolean) => void;
}

const MAIN_ID = 'contenido';

/**
 * The signed-in layout: the role's sidebar and the page; on narrow screens a top bar whose menu
 * button opens the sidebar as a drawer. Stateless: the drawer's state comes in with its props.
 */
export function AppShell({
  role,
  pathname,
  unreadChats,
  children,
  linkComponent,
  storeSwitcher,
  banners,
  navOpen = false,
  onNavOpenChange,
}: AppShellProps) {
  const { t } = useTranslation('common');
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const active = activeSidebarKey(pathname);
  const items: SidebarItem[] = sidebarEntriesFor(role).map((entry) => ({
    key: entry.key,
    href: entry.path,
    label: t(`nav.${entry.key}`),
    active: entry.key === active,
    badge: entry.key === 'chat' && unreadChats ? { count: unreadChats, label: t('nav.unread', { count: unreadChats }) } : undefined,
  }));

  // An open drawer takes the focus and gives it back to the menu button; Escape closes it.
  useEffect(() => {
    if (!navOpen) return undefined;
    const links = drawer.current;
    (links?.querySelector<HTMLElement>('a[aria-current=page]') ?? links?.querySelector<HTMLElement>('a'))?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onNavOpenChange?.(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    const button = menuButton.current;
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      button?.focus({ preventScroll: true });
    };
  }, [navOpen, onNavOpenChange]);

  return (
    <AppShellParts.Root>
      <AppShellParts.SkipLink href={`#${MAIN_ID}`}>{t('nav.skipToContent')}</AppShellParts.SkipLink>
      <AppShellParts.TopBar inert={navOpen || undefined}>
        <AppShellParts.MenuButton
          ref={menuButton}
          type="button"
          aria-label={t('nav.openMenu')}
          aria-expanded={navOpen}
          aria-controls={drawerId}
          onClick={() => onNavOpenChange?.(true)}
        >
          <Icon name="menu" />
        </AppShellParts.MenuButton>
        <AppShellParts.Brand>{t('appName')}</AppShellParts.Brand>
      </AppShellParts.TopBar>
      {navOpen ? <AppShellParts.Backdrop aria-hidden="true" onClick={() => onNavOpenChange?.(false)} /> : null}
      <AppShellParts.Aside ref={drawer} id={drawerId} data-state={navOpen ? 'open' : 'closed'} aria-label={t('nav.menu')}>
        <Sidebar
          brand={t('appName')}
          navLabel={t('nav.label')}
          items={items}
          exit={{ href: LOGOUT_PATH, label: t('nav.logout') }}
          linkComponent={linkComponent}
        />
      </AppShellParts.Aside>
      {/* While the drawer is open the page behind it is out of reach, for the keyboard too. */}
      <AppShellParts.Main id={MAIN_ID} tabIndex={-1} inert={navOpen || undefined}>
        {banners ? <AppShellParts.Banners>{banners}</AppShellParts.Banners> : null}
        {storeSwitcher}
        {children}
      </AppShellParts.Main>
    </AppShellParts.Root>
  );
}
