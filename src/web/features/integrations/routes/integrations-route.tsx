import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentStore } from '../../../api/current-store';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { useRetryStoreSync } from '../../../api/store-sync';
import { Modal } from '../../../ui/dialog';
import { type Integrations, useIntegrations } from '../api/integrations';
import { IntegrationsScreen } from '../screens/integrations-screen';
import { StoreFormRoute } from './store-form-route';

export function IntegrationsRoute() {
  const { t } = useTranslation('integrations');
  const { storeId, isPending } = useCurrentStore();
  const integrations = useIntegrations(storeId);
  const retry = useRetryStoreSync(storeId);
  const [formOpen, setFormOpen] = useState(false);

  // Without a store nothing is connected yet: the cards show what to connect first.
  const state: Loadable<Integrations | null> =
    !isPending && storeId === undefined ? { status: 'success', data: null } : loadableOf(integrations);
  const store = integrations.data?.store;

  return (
    <IntegrationsScreen
      integrations={state}
      onConnectStore={() => setFormOpen(true)}
      onUpdateCredentials={() => setFormOpen(true)}
      onRetrySync={() => retry.mutate()}
      retrying={retry.isPending}
      onReload={() => void integrations.refetch()}
      storeDialog={
        <Modal
          open={formOpen}
          onOpenChange={setFormOpen}
          title={storeId === undefined ? t('storeForm.createTitle') : t('storeForm.editTitle')}
          closeOnInteractOutside={false}
        >
          {storeId === undefined ? (
            <StoreFormRoute storeId={null} afterCreate="/integrations" onCancel={() => setFormOpen(false)} />
          ) : (
            <StoreFormRoute
              storeId={storeId}
              // The token is never sent back; the merchant types it again.
              defaultValues={{ name: store?.name ?? '', url: store?.url ?? '' }}
              onSaved={() => setFormOpen(false)}
              onCancel={() => setFormOpen(false)}
            />
          )}
        </Modal>
      }
    />
  );
}
