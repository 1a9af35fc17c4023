import { Component, type ReactNode, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useLocation } from 'react-router-dom';
import { css } from 'styled-system/css';
import { HOME_PATH } from '../lib/paths';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Link } from '../ui/link';
import { InsideShellMain } from './shell/app-shell';

/** Why a page could not be shown: no connection, a build replaced while the tab was open, or anything else. */
export type RouteErrorKind = 'offline' | 'newVersion' | 'unexpected';

/**
 * A page's code that failed to load. Browsers word it differently (Chromium "Failed to fetch
 * dynamically imported module", Firefox "error loading dynamically imported module", Safari
 * "Importing a module script failed"); Vite adds its own for stylesheets.
 */
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|unable to preload css/i;

export function routeErrorKind(error: unknown, online: boolean): RouteErrorKind {
  if (!online) return 'offline';
  const message = error instanceof Error ? error.message : String(error);
  return CHUNK_FAILURE.test(message) ? 'newVersion' : 'unexpected';
}

export interface RouteErrorScreenProps {
  kind: RouteErrorKind;
  onReload: () => void;
}

const page = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', minH: '[60vh]', p: '6' });
const actions = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: '4' });

/** What a merchant sees instead of a page that could not be shown, in words that say what to do. */
export function RouteErrorScreen({ kind, onReload }: RouteErrorScreenProps) {
  const { t } = useTranslation('common');
  // Inside the shell the page area is already the main landmark; before sign-in this screen is.
  const Landmark = useContext(InsideShellMain) ? 'div' : 'main';
  return (
    <Landmark className={page}>
      <EmptyState
        headingLevel={1}
        tone="error"
        title={t(`routeError.${kind}.title`)}
        description={t(`routeError.${kind}.description`)}
        action={
          <div className={actions}>
            <Button onClick={onReload}>{t(`routeError.${kind}.action`)}</Button>
            {/* A full page load: the router that failed is left behind. */}
            <Link href={HOME_PATH}>{t('routeError.home')}</Link>
          </div>
        }
      />
    </Landmark>
  );
}

/** Set when the page reloaded itself for a new version, so a chunk that stays missing cannot loop. */
const RELOADED_AT = 'recompra.reloadedForNewVersion';
const RELOAD_GRACE_MS = 60_000;

/**
 * What a page that failed shows: a stale page after a redeploy reloads itself once to get the new
 * build; without a connection it waits for it to come back; anything else is explained.
 */
function RouteErrorPage({ error }: { error: unknown }) {
  const kind = routeErrorKind(error, navigator.onLine);
  const reload = () => window.location.reload();
  useEffect(() => {
    if (kind === 'offline') {
      window.addEventListener('online', reload);
      return () => window.removeEventListener('online', reload);
    }
    if (kind === 'newVersion' && Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) > RELOAD_GRACE_MS) {
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      reload();
    }
    if (kind === 'unexpected') console.error(error);
    return undefined;
  }, [kind, error]);
  return <RouteErrorScreen kind={kind} onReload={reload} />;
}

interface CatcherProps {
  location: Location;
  children: ReactNode;
}
interface CatcherState {
  failure: { error: unknown } | null;
  location: Location;
}

/** React's error boundary, which only a class can be; a new address gives the page a new try. */
class PageErrorCatcher extends Component<CatcherProps, CatcherState> {
  override state: CatcherState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: CatcherProps, state: CatcherState): Partial<CatcherState> | null {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    return this.state.failure ? <RouteErrorPage error={this.state.failure.error} /> : this.props.children;
  }
}

/**
 * Around the pages, a failing page (its code did not load, or it threw while drawing) shows a Spanish
 * screen in its place instead of taking the whole app down; moving to another address tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <PageErrorCatcher location={useLocation()}>{children}</PageErrorCatcher>;
}
