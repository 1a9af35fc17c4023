import { createContext, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../api/session';
import { LOGOUT_PATH } from '../../features/session/routes/paths';
import { SUPPORT_EMAIL } from '../../lib/contact';
import { ACCOUNT_PATH } from '../../lib/paths';
import { Icon, type IconName } from '../../ui/icons';
import { LazyLinkMenu } from '../../ui/lazy-link-menu';
import type { LinkComponent } from '../../ui/link';
import * as AppShellParts from '../../ui/parts/app-shell';
import { Sidebar, SidebarButton, type SidebarItem } from '../../ui/sidebar';
import { activeSidebarKey, sidebarEntriesFor } from '../access';
import type { SidebarKey } from '../routes';
import { HELP_LINKS } from './help';

export interface AppShellProps {
  role: Role;
  /** The signed-in person, named in the account menu. */
  user: { name: string; email: string };
  /** The current path; decides the active entry. */
  pathname: string;
  unreadChats?: number | undefined;
  children: ReactNode;
  linkComponent?: LinkComponent;
  /** Under the brand: the current store's name, or the switcher for those who can change store. */
  store?: ReactNode;
  /** Above everything in the page area: the account and integration banners that apply. */
  banners?: ReactNode;
  /** On narrow screens, whether the navigation drawer is open. */
  navOpen?: boolean;
  onNavOpenChange?: (open: boolean) => void;
}

const MAIN_ID = 'contenido';

const ENTRY_ICONS: Record<SidebarKey, IconName> = {
  dashboard: 'home',
  segments: 'people',
  campaigns: 'megaphone',
  integrations: 'plug',
  whatsapp: 'speech',
  account: 'person',
  chat: 'inbox',
};

/** True inside the shell's main landmark: what renders there must not open a second one. */
export const InsideShellMain = createContext(false);

/**
 * The signed-in layout: the role's sidebar and the page; on narrow screens a top bar whose menu
 * button opens the sidebar as a drawer. Stateless: the drawer's state comes in with its props.
 */
export function AppShell({
  role,
  user,
  pathname,
  unreadChats,
  children,
  linkComponent,
  store,
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
    icon: <Icon name={ENTRY_ICONS[entry.key]} />,
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
          header={store}
          footer={
            <>
              <LazyLinkMenu
                trigger={<SidebarButton icon={<Icon name="help" />}>{t('nav.help.label')}</SidebarButton>}
                items={HELP_LINKS.map((link) => ({
                  ...link,
                  label: t(`nav.help.${link.key}`, { email: SUPPORT_EMAIL }),
                  icon: <Icon name={link.icon} />,
                }))}
                linkComponent={linkComponent}
              />
              <LazyLinkMenu
                trigger={
                  <SidebarButton icon={<Icon name="person" />} aria-label={t('nav.userMenu', { name: user.name })}>
                    {user.name}
                  </SidebarButton>
                }
                heading={user.email}
                items={[
                  { key: 'account', href: ACCOUNT_PATH, label: t('nav.account'), icon: <Icon name="person" /> },
                  { key: 'logout', href: LOGOUT_PATH, label: t('nav.logout'), icon: <Icon name="logout" />, plain: true },
                ]}
                linkComponent={linkComponent}
              />
            </>
          }
          linkComponent={linkComponent}
        />
      </AppShellParts.Aside>
      {/* While the drawer is open the page behind it is out of reach, for the keyboard too. */}
      <AppShellParts.Main id={MAIN_ID} tabIndex={-1} inert={navOpen || undefined}>
        {banners ? <AppShellParts.Banners>{banners}</AppShellParts.Banners> : null}
        <InsideShellMain.Provider value={true}>{children}</InsideShellMain.Provider>
      </AppShellParts.Main>
    </AppShellParts.Root>
  );
}
