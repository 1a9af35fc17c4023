import { cloneElement, lazy, Suspense, useState, useTransition } from 'react';
import type { LinkMenuProps } from './link-menu';

// The menu's machine (focus, dismissal, positioning) would be a tenth of every page's first load for
// two menus a merchant opens now and then; it loads on the first click.
const LinkMenu = lazy(() => import('./link-menu').then((module) => ({ default: module.LinkMenu })));

/**
 * A link menu, drawn as its closed trigger until it is first opened; then the real menu loads and
 * opens where the trigger was.
 */
export function LazyLinkMenu(props: LinkMenuProps) {
  const [wanted, setWanted] = useState(Boolean(props.defaultOpen));
  // In a transition: the stand-in stays on screen, and keeps the keyboard's focus, until the menu is ready.
  const [loading, startLoading] = useTransition();
  const trigger = cloneElement(props.trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'aria-busy': loading || undefined,
    onClick: () => startLoading(() => setWanted(true)),
  } as Record<string, unknown>);
  return <Suspense fallback={trigger}>{wanted ? <LinkMenu {...props} defaultOpen /> : trigger}</Suspense>;
}
