import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { SessionUser } from '../../api/session';
import { useStores, useSwitchStore } from '../../api/stores';
import { pageNavigation } from '../../lib/navigation';
import { HOME_PATH } from '../../lib/paths';
import { Icon } from '../../ui/icons';

const storeName = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
  '& svg': { w: '4', h: '4', flexShrink: '0', color: 'fg.muted' },
});
const nameText = css({ overflowWrap: 'anywhere' });

// Most people belong to one store and never see the switcher: its select loads only when it shows.
const Select = lazy(() => import('../../ui/select').then((module) => ({ default: module.Select })));

/** The current store, for whoever cannot change it. */
export function StoreName({ name }: { name: string }) {
  const { t } = useTranslation('common');
  return (
    <p className={storeName}>
      <Icon name="store" />
      <span className={nameText}>
        <span className={css({ srOnly: true })}>{t('storeSwitcher.label')}: </span>
        {name}
      </span>
    </p>
  );
}

/**
 * The store the app shows, under the brand: a switcher for the provider's admin and members of more
 * than one store (a switch reloads the app in the new store), its name for everyone else.
 */
export function ShellStore({ user }: { user: SessionUser }) {
  const { t } = useTranslation('common');
  const stores = useStores(true);
  const switchStore = useSwitchStore();
  const list = stores.data ?? [];
  if (list.length === 0) return null;
  if (user.role !== 'recompraAdmin' && list.length < 2) {
    const current = list.find((store) => store.id === user.store) ?? list[0];
    return current ? <StoreName name={current.name} /> : null;
  }
  return (
    <Suspense fallback={null}>
      <Select
        label={t('storeSwitcher.label')}
        options={list.map((store) => ({ value: String(store.id), label: store.name }))}
        value={user.store === null ? null : String(user.store)}
        disabled={switchStore.isPending}
        onValueChange={(value) => {
          if (value === null || Number(value) === user.store) return;
          // A full page load, so every query starts over in the chosen store.
          switchStore.mutate(Number(value), { onSuccess: () => pageNavigation.assign(HOME_PATH) });
        }}
      />
    </Suspense>
  );
}
