import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { missingForMessaging } from '../../../../shared/messaging';
import { can } from '../../../../shared/permissions';
import { useCurrentStore } from '../../../api/current-store';
import { ApiError } from '../../../api/errors';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { useRefreshStoreSync, useRetryStoreSync } from '../../../api/store-sync';
import { INTEGRATIONS_PATH } from '../../../lib/paths';
import { Modal } from '../../../ui/dialog';
import { toaster } from '../../../ui/toaster';
import { useDisconnectEmailMarketing } from '../api/email-marketing';
import { forgetFacebookLogin, readFacebookLoginReturn, withoutFacebookLoginReturn } from '../api/facebook-login';
import { type Integrations, useIntegrations } from '../api/integrations';
import { useDisconnectWhatsapp } from '../api/messaging';
import { INSTALL_RESULT_PARAM, installIdOf } from '../api/shopify-install';
import { useDisconnectMeta } from '../api/social-ads';
import { IntegrationsScreen } from '../screens/integrations-screen';
import { EmailMarketingFormRoute } from './email-marketing-form-route';
import { MessagingFormRoute } from './messaging-form-route';
import { SocialAdsFormRoute } from './social-ads-form-route';
import { StoreFormRoute } from './store-form-route';

export function IntegrationsRoute() {
  const { t } = useTranslation('integrations');
  const { t: toastText } = useTranslation('toasts');
  const { storeId, isPending, role } = useCurrentStore();
  const integrations = useIntegrations(storeId);
  const retry = useRetryStoreSync(storeId);
  const refresh = useRefreshStoreSync(storeId);
  const sync = integrations.data?.store.sync;
  // When the merchant asked for a sync: once it ends, the newest failure after it (if any) is its result.
  const requestedAt = useRef<number | null>(null);
  useEffect(() => {
    if (requestedAt.current === null || !sync || sync.syncing) return;
    const since = requestedAt.current;
    requestedAt.current = null;
    const failure = sync.failures.find((candidate) => Date.parse(candidate.at) >= since);
    toaster.show(
      failure
        ? {
            id: 'store-sync',
            status: 'error',
            message: t('store.health.toasts.failed'),
            description: t(`store.health.failure.${failure.code}`),
          }
        : { id: 'store-sync', status: 'success', message: t('store.health.toasts.done') },
    );
  }, [sync, t]);
  const syncNow = () =>
    refresh.mutate(undefined, {
      onSuccess: (answer) => {
        // Failures carry the server's time: a second of slack keeps a slightly fast client clock from missing one.
        requestedAt.current = Date.now() - 1000;
        if (answer.syncing)
          toaster.show({
            id: 'store-sync',
            status: 'default',
            message: t('store.health.toasts.queued'),
            description: t('store.health.toasts.queuedDescription'),
          });
      },
      onError: (error) =>
        toaster.show(
          error instanceof ApiError && error.code === 'sync_running'
            ? { id: 'store-sync', status: 'default', message: t('store.health.toasts.alreadySyncing') }
            : { id: 'store-sync', status: 'error', message: t('store.health.toasts.requestFailed') },
        ),
    });
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

  const [emailMarketingOpen, setEmailMarketingOpen] = useState(false);
  const disconnect = useDisconnectEmailMarketing(storeId ?? 0);
  const manageEmailMarketing = storeId !== undefined && can(role, 'connectEmailMarketing');
  const disconnectEmailMarketing = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => toaster.show({ id: 'email-marketing', status: 'success', message: toastText('emailMarketingDisconnected') }),
      onError: () => toaster.show({ id: 'email-marketing', status: 'error', message: toastText('emailMarketingDisconnectFailed') }),
    });

  // Back from Facebook Login: read once, the social ads dialog opens on how it ended, and the token (or
  // the error) leaves the address bar at once, without a history entry to come back to.
  const location = useLocation();
  const navigate = useNavigate();
  const [facebookReturn, setFacebookReturn] = useState(() => readFacebookLoginReturn(location, sessionStorage));
  const [socialAdsOpen, setSocialAdsOpen] = useState(() => facebookReturn !== null);
  const addressCleaned = useRef(false);
  useEffect(() => {
    if (facebookReturn === null || addressCleaned.current) return;
    addressCleaned.current = true;
    forgetFacebookLogin(sessionStorage);
    navigate({ pathname: location.pathname, search: withoutFacebookLoginReturn(location.search), hash: '' }, { replace: true });
  }, [facebookReturn, location.pathname, location.search, navigate]);
  const openSocialAds = (open: boolean) => {
    setSocialAdsOpen(open);
    // What the way back said is said once: reopened, the dialog starts from the connection as it is.
    if (!open) setFacebookReturn(null);
  };
  const manageSocialAds = storeId !== undefined && can(role, 'updateMetaSettings');
  const [socialAdsDisconnectOpen, setSocialAdsDisconnectOpen] = useState(false);
  const disconnectMeta = useDisconnectMeta(storeId ?? 0);
  const confirmSocialAdsDisconnect = () =>
    disconnectMeta.mutate(undefined, {
      onSuccess: () => {
        setSocialAdsDisconnectOpen(false);
        toaster.show({ id: 'social-ads', status: 'success', message: toastText('socialAdsDisconnected') });
      },
      // The question stays open: the merchant may try again or cancel.
      onError: () => toaster.show({ id: 'social-ads', status: 'error', message: toastText('socialAdsDisconnectFailed') }),
    });

  const [messagingOpen, setMessagingOpen] = useState(false);
  const manageMessaging = storeId !== undefined && can(role, 'updateWhatsappSettings');
  const [messagingDisconnectOpen, setMessagingDisconnectOpen] = useState(false);
  const disconnectWhatsapp = useDisconnectWhatsapp(storeId ?? 0);
  const confirmMessagingDisconnect = () =>
    disconnectWhatsapp.mutate(undefined, {
      onSuccess: () => {
        setMessagingDisconnectOpen(false);
        toaster.show({ id: 'messaging', status: 'success', message: toastText('whatsappDisconnected') });
      },
      // The question stays open: the merchant may try again or cancel.
      onError: () => toaster.show({ id: 'messaging', status: 'error', message: toastText('whatsappDisconnectFailed') }),
    });

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
      canSync={can(role, 'refreshStoreSync')}
      onSyncNow={syncNow}
      syncRequested={refresh.isPending}
      onReload={() => void integrations.refetch()}
      onConnectEmailMarketing={manageEmailMarketing ? () => setEmailMarketingOpen(true) : undefined}
      onDisconnectEmailMarketing={manageEmailMarketing ? disconnectEmailMarketing : undefined}
      disconnectingEmailMarketing={disconnect.isPending}
      emailMarketingDialog={
        storeId === undefined ? null : (
          <Modal
            open={emailMarketingOpen}
            onOpenChange={setEmailMarketingOpen}
            title={t('emailMarketingForm.title')}
            closeOnInteractOutside={false}
          >
            <EmailMarketingFormRoute
              storeId={storeId}
              onSaved={() => {
                setEmailMarketingOpen(false);
                toaster.show({ id: 'email-marketing', status: 'success', message: toastText('emailMarketingConnected') });
              }}
              onCancel={() => setEmailMarketingOpen(false)}
            />
          </Modal>
        )
      }
      onConnectSocialAds={manageSocialAds ? () => openSocialAds(true) : undefined}
      onDisconnectSocialAds={manageSocialAds ? () => setSocialAdsDisconnectOpen(true) : undefined}
      socialAdsDisconnect={{
        open: socialAdsDisconnectOpen,
        disconnecting: disconnectMeta.isPending,
        onCancel: () => setSocialAdsDisconnectOpen(false),
        onConfirm: confirmSocialAdsDisconnect,
      }}
      socialAdsDialog={
        storeId === undefined ? null : (
          <Modal open={socialAdsOpen} onOpenChange={openSocialAds} title={t('socialAdsForm.title')} closeOnInteractOutside={false}>
            <SocialAdsFormRoute
              storeId={storeId}
              // Until the integrations answer, the dialog does not hold Facebook Login back.
              storeConnected={store === undefined || store.state !== 'notConnected'}
              onConnectStore={() => {
                openSocialAds(false);
                openForm(true);
              }}
              facebookReturn={facebookReturn}
              onSaved={() => {
                openSocialAds(false);
                toaster.show({ id: 'social-ads', status: 'success', message: toastText('socialAdsSaved') });
              }}
              onCancel={() => openSocialAds(false)}
            />
          </Modal>
        )
      }
      onConnectMessaging={manageMessaging ? () => setMessagingOpen(true) : undefined}
      onDisconnectMessaging={manageMessaging ? () => setMessagingDisconnectOpen(true) : undefined}
      messagingDisconnect={{
        open: messagingDisconnectOpen,
        disconnecting: disconnectWhatsapp.isPending,
        onCancel: () => setMessagingDisconnectOpen(false),
        onConfirm: confirmMessagingDisconnect,
      }}
      messagingDialog={
        storeId === undefined || !integrations.data ? null : (
          <Modal open={messagingOpen} onOpenChange={setMessagingOpen} title={t('messagingForm.title')} closeOnInteractOutside={false}>
            <MessagingFormRoute
              storeId={storeId}
              required={missingForMessaging({ store: integrations.data.store.state, socialAds: integrations.data.socialAds.state })}
              onConnectRequired={(required) => {
                setMessagingOpen(false);
                if (required === 'store') openForm(true);
                else openSocialAds(true);
              }}
              onSaved={() => {
                setMessagingOpen(false);
                toaster.show({ id: 'messaging', status: 'success', message: toastText('whatsappSaved') });
              }}
              onCancel={() => setMessagingOpen(false)}
            />
          </Modal>
        )
      }
      storeDialog={
        <Modal
          open={formOpen}
          onOpenChange={openForm}
          title={storeId === undefined ? t('storeForm.createTitle') : t('storeForm.editTitle')}
          closeOnInteractOutside={false}
        >
          {storeId === undefined ? (
            <StoreFormRoute storeId={null} afterCreate={INTEGRATIONS_PATH} onCancel={() => openForm(false)} />
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
