import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCurrentStore } from '../../../api/current-store';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { useRetryStoreSync } from '../../../api/store-sync';
import { Modal } from '../../../ui/dialog';
import { type Integrations, useIntegrations } from '../api/integrations';
import { INSTALL_RESULT_PARAM, installIdOf } from '../api/shopify-install';
import { IntegrationsScreen } from '../screens/integrations-screen';
import { StoreFormRoute } from './store-form-route';

export function IntegrationsRoute() {
  const { t } = useTranslation('integrations');
  const { storeId, isPending } = useCurrentStore();
  const integrations = useIntegrations(storeId);
  const retry = useRetryStoreSync(storeId);
  const [search, setSearch] = useSearchParams();
  // Back from Shopify with a refused install: the form opens on why.
  const [formOpen, setFormOpen] = useState(() => installIdOf(search) !== null);
  const openForm = (open: boolean) => {
    setFormOpen(open);
    if (!open && search.has(INSTALL_RESULT_PARAM))
      setSearch(
        (current) => {
          current.delete(INSTALL_RESULT_PARAM);
          return current;
        },
        { replace: true },
      );
  };

  // Without a store nothing is connected yet: the cards show what to connect first.
  const state: Loadable<Integrations | null> =
    !isPending && storeId === undefined ? { status: 'success', data: null } : loadableOf(integrations);
  const store = integrations.data?.store;

  return (
    <IntegrationsScreen
      integrations={state}
      onConnectStore={() => openForm(true)}
      onUpdateCredentials={() => openForm(true)}
      onRetrySync={() => retry.mutate()}
      retrying={retry.isPending}
      onReload={() => void integrations.refetch()}
      storeDialog={
        <Modal
          open={formOpen}
          onOpenChange={openForm}
          title={storeId === undefined ? t('storeForm.createTitle') : t('storeForm.editTitle')}
          closeOnInteractOutside={false}
        >
          {storeId === undefined ? (
            <StoreFormRoute storeId={null} afterCreate="/integrations" onCancel={() => openForm(false)} />
          ) : (
            <StoreFormRoute
              storeId={storeId}
              // The token is never sent back; the merchant types it again.
              defaultValues={{ name: store?.name ?? '', url: store?.url ?? '' }}
              onSaved={() => openForm(false)}
              onCancel={() => openForm(false)}
            />
          )}
        </Modal>
      }
    />
  );
}
