import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { SessionUser } from '../../api/session';
import { useStores, useSwitchStore } from '../../api/stores';
import { pageNavigation } from '../../lib/navigation';
import { HOME_PATH } from '../../lib/paths';

const root = css({ maxW: 'xs' });

// Most people belong to one store and never see the switcher: its select loads only when it shows.
const Select = lazy(() => import('../../ui/select').then((module) => ({ default: module.Select })));

/** Shown to the provider's admin and to members of more than one store; a switch reloads the app in the new store. */
export function StoreSwitcher({ user }: { user: SessionUser }) {
  const { t } = useTranslation('common');
  const stores = useStores(true);
  const switchStore = useSwitchStore();
  const list = stores.data ?? [];
  if (list.length === 0 || (user.role !== 'recompraAdmin' && list.length < 2)) return null;
  return (
    <div className={root}>
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
    </div>
  );
}
