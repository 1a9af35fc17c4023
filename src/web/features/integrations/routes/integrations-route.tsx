import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionQueryOptions } from '../../../api/session';
import { useRetryStoreSync } from '../../../api/store-sync';
import { Modal } from '../../../ui/dialog';
import { useIntegrations } from '../api/integrations';
import { IntegrationsScreen, type IntegrationsState } from '../screens/integrations-screen';
import { StoreFormRoute } from './store-form-route';

export function IntegrationsRoute() {
  const { t } = useTranslation('integrations');
  const session = useQuery(sessionQueryOptions);
  const user = session.data;
  const storeId = user?.store ?? null;
  const integrations = useIntegrations(storeId);
  const retry = useRetryStoreSync(storeId ?? 0);
  const [formOpen, setFormOpen] = useState(false);

  const state: IntegrationsState = session.isPending
    ? { status: 'loading' }
    : storeId === null
      ? { status: 'success', integrations: null }
      : integrations.isPending || (integrations.isError && integrations.isFetching)
        ? { status: 'loading' }
        : integrations.isError
          ? { status: 'error' }
          : { status: 'success', integrations: integrations.data };
  const store = integrations.data?.store;

  return (
    <IntegrationsScreen
      state={state}
      onConnectStore={() => setFormOpen(true)}
      onUpdateCredentials={() => setFormOpen(true)}
      onRetrySync={() => retry.mutate()}
      retrying={retry.isPending}
      onReload={() => void integrations.refetch()}
      storeDialog={
        <Modal
          open={formOpen}
          onOpenChange={setFormOpen}
          title={storeId === null ? t('storeForm.createTitle') : t('storeForm.editTitle')}
          closeOnInteractOutside={false}
        >
          {storeId === null ? (
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
