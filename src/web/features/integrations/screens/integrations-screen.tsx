import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount } from '../../../../shared/format/count';
import { formatDate } from '../../../../shared/format/date';
import { type Elapsed, elapsedSince } from '../../../../shared/format/elapsed';
import { type MessagingPrerequisite, missingForMessaging } from '../../../../shared/messaging';
import type { Loadable } from '../../../api/loadable';
import { useNow } from '../../../lib/use-now';
import { Badge, StatusBadge, type Tone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Link } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { ProgressBar } from '../../../ui/progress-bar';
import { Skeleton } from '../../../ui/skeleton';
import { DisconnectDialog, type DisconnectDialogProps } from './disconnect-dialog';
import { useLimitText } from './messaging-form-screen';

type Integrations = components['schemas']['Integrations'];
type IntegrationState = components['schemas']['IntegrationState'];
type StoreSync = components['schemas']['StoreSync'];
type SocialAdsIntegration = components['schemas']['SocialAdsIntegration'];
type MetaNamedAsset = components['schemas']['MetaNamedAsset'];
type MessagingIntegration = components['schemas']['MessagingIntegration'];
type WhatsappQualityRating = components['schemas']['WhatsappQualityRating'];

export interface IntegrationsScreenProps {
  /** Null when the user has no store yet: nothing is connected. */
  integrations: Loadable<Integrations | null>;
  onConnectStore: () => void;
  onUpdateCredentials: () => void;
  onRetrySync: () => void;
  retrying?: boolean;
  /** Whether the user may ask for a sync ("Sincronizar ahora"): the store's administrators. */
  canSync?: boolean;
  onSyncNow?: () => void;
  /** The sync request is on its way. */
  syncRequested?: boolean;
  /** The instant "hace N min" counts from (the clock, unless a story or test fixes it). */
  now?: number;
  onReload: () => void;
  /** The store form's dialog, owned by the container. */
  storeDialog?: ReactNode;
  /** Opens the Klaviyo key form; absent for those who may not manage integrations (the card only tells the state). */
  onConnectEmailMarketing?: (() => void) | undefined;
  onDisconnectEmailMarketing?: (() => void) | undefined;
  disconnectingEmailMarketing?: boolean;
  /** The Klaviyo key form's dialog, owned by the container. */
  emailMarketingDialog?: ReactNode;
  /** Opens the social ads dialog (connect, change, renew); absent for those who may not manage integrations. */
  onConnectSocialAds?: (() => void) | undefined;
  /** The social ads dialog, owned by the container. */
  socialAdsDialog?: ReactNode;
  /** Asks to disconnect Meta (the confirmation opens); absent for those who may not manage integrations. */
  onDisconnectSocialAds?: (() => void) | undefined;
  /** The confirmation before disconnecting Meta, its state owned by the container. */
  socialAdsDisconnect?: DisconnectDialogProps | undefined;
  /** Opens the WhatsApp dialog (connect, change the number); absent for those who may not manage integrations. */
  onConnectMessaging?: (() => void) | undefined;
  /** The WhatsApp dialog, owned by the container. */
  messagingDialog?: ReactNode;
  /** Asks to disconnect WhatsApp (the confirmation opens); absent for those who may not manage integrations. */
  onDisconnectMessaging?: (() => void) | undefined;
  /** The confirmation before disconnecting WhatsApp, its state owned by the container. */
  messagingDisconnect?: DisconnectDialogProps | undefined;
}

const STATE_TONES: Record<IntegrationState, Tone> = { connected: 'success', notConnected: 'neutral', needsAttention: 'danger' };

const root = css({ display: 'flex', flexDirection: 'column', gap: '6' });
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(20rem, 1fr))', gap: '4' });
const body = css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' });
const details = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '1', fontSize: 'sm' });
const term = css({ color: 'fg.muted' });
const value = css({ color: 'fg.default', wordBreak: 'break-word' });
const errorText = css({ color: 'danger.text', fontSize: 'sm' });
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap' });
const note = css({ fontSize: 'sm', color: 'fg.muted' });
const progress = css({ width: 'full' });

export function IntegrationsScreen({
  integrations: state,
  onConnectStore,
  onUpdateCredentials,
  onRetrySync,
  retrying = false,
  canSync = false,
  onSyncNow,
  syncRequested = false,
  now,
  onReload,
  storeDialog,
  onConnectEmailMarketing,
  onDisconnectEmailMarketing,
  disconnectingEmailMarketing = false,
  emailMarketingDialog,
  onConnectSocialAds,
  socialAdsDialog,
  onDisconnectSocialAds,
  socialAdsDisconnect,
  onConnectMessaging,
  messagingDialog,
  onDisconnectMessaging,
  messagingDisconnect,
}: IntegrationsScreenProps) {
  const { t } = useTranslation('integrations');
  return (
    <div className={root}>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <LoadableView
        loadable={state}
        loading={
          <div className={grid} aria-busy="true" data-testid="integrations-loading">
            {[0, 1, 2, 3].map((index) => (
              <Card key={index} as="article">
                <Skeleton lines={4} />
              </Card>
            ))}
          </div>
        }
        onRetry={onReload}
      >
        {(integrations) => (
          <div className={grid}>
            <StoreCard
              store={integrations?.store ?? null}
              onConnect={onConnectStore}
              onUpdateCredentials={onUpdateCredentials}
              onRetry={onRetrySync}
              retrying={retrying}
              health={{ canSync: canSync && onSyncNow !== undefined, onSyncNow, syncRequested, now }}
            />
            <SocialAdsCard
              socialAds={integrations?.socialAds ?? { state: 'notConnected', selection: null }}
              // Meta's audiences come from the store's customers: the store is connected first.
              storeConnected={integrations != null && integrations.store.state !== 'notConnected'}
              onConnect={onConnectSocialAds}
              onDisconnect={onDisconnectSocialAds}
              disconnecting={socialAdsDisconnect?.disconnecting ?? false}
            />
            <MessagingCard
              messaging={integrations?.messaging ?? { state: 'notConnected', selection: null }}
              // WhatsApp is read through Meta's business manager: the store, then social ads, come first.
              required={
                integrations ? missingForMessaging({ store: integrations.store.state, socialAds: integrations.socialAds.state }) : 'store'
              }
              onConnect={onConnectMessaging}
              onDisconnect={onDisconnectMessaging}
              disconnecting={messagingDisconnect?.disconnecting ?? false}
            />
            <EmailMarketingCard
              state={integrations?.emailMarketing.state ?? 'notConnected'}
              // Klaviyo's key is the store's: without a store there is nothing to connect it to yet.
              onConnect={integrations ? onConnectEmailMarketing : undefined}
              onDisconnect={onDisconnectEmailMarketing}
              disconnecting={disconnectingEmailMarketing}
            />
          </div>
        )}
      </LoadableView>
      <p className={note}>{t('comingSoonNote')}</p>
      {storeDialog}
      {emailMarketingDialog}
      {socialAdsDialog}
      {socialAdsDisconnect ? <DisconnectDialog integration="socialAds" {...socialAdsDisconnect} /> : null}
      {messagingDialog}
      {messagingDisconnect ? <DisconnectDialog integration="messaging" {...messagingDisconnect} /> : null}
    </div>
  );
}

function StateBadge({ state }: { state: IntegrationState }) {
  const { t } = useTranslation('integrations');
  return <Badge tone={STATE_TONES[state]}>{t(`state.${state}`)}</Badge>;
}

interface StoreCardProps {
  store: Integrations['store'] | null;
  onConnect: () => void;
  onUpdateCredentials: () => void;
  onRetry: () => void;
  retrying: boolean;
  health: Omit<SyncHealthProps, 'sync'>;
}

function StoreCard({ store, onConnect, onUpdateCredentials, onRetry, retrying, health }: StoreCardProps) {
  const { t } = useTranslation('integrations');
  const state = store?.state ?? 'notConnected';
  if (store?.disconnection) return <UninstalledStoreCard store={store} onReconnect={onUpdateCredentials} />;
  return (
    <Card as="article" title={t('store.title')} description={t('store.description')}>
      <div className={body}>
        <StateBadge state={state} />
        {store && state !== 'notConnected' ? (
          <dl className={details}>
            <dt className={term}>{t('store.name')}</dt>
            <dd className={value}>{store.name}</dd>
            <dt className={term}>{t('store.url')}</dt>
            <dd className={value}>{store.url}</dd>
            <dt className={term}>{t('store.sync')}</dt>
            <dd className={value}>
              <StatusBadge kind="scraping" status={store.sync.status} />
            </dd>
          </dl>
        ) : null}
        {store && state !== 'notConnected' ? <SyncProgress sync={store.sync} /> : null}
        {store && state !== 'notConnected' ? <SyncHealth sync={store.sync} {...health} /> : null}
        {state === 'needsAttention' && store?.sync.error ? (
          <p role="alert" className={errorText}>
            {store.sync.error}
          </p>
        ) : null}
        <div className={actions}>
          {state === 'notConnected' ? <Button onClick={onConnect}>{t('store.connect')}</Button> : null}
          {state === 'needsAttention' && store?.sync.status === 'FAILED' ? (
            <Button onClick={onRetry} loading={retrying}>
              {t('store.retry')}
            </Button>
          ) : null}
          {state !== 'notConnected' ? (
            <Button variant="outline" onClick={onUpdateCredentials}>
              {t('store.updateCredentials')}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/**
 * The shop uninstalled our app in Shopify: nothing syncs, what was imported stays. The way back is
 * the store form, whose "Conectar con Shopify" installs the app again on this same store.
 */
function UninstalledStoreCard({ store, onReconnect }: { store: Integrations['store']; onReconnect: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Card as="article" title={t('store.title')} description={t('store.description')}>
      <div className={body}>
        <Badge tone="danger">{t('state.disconnected')}</Badge>
        <dl className={details}>
          <dt className={term}>{t('store.name')}</dt>
          <dd className={value}>{store.name}</dd>
          <dt className={term}>{t('store.url')}</dt>
          <dd className={value}>{store.url}</dd>
        </dl>
        <p role="status" className={note}>
          {t('store.uninstalled', { date: formatDate(store.disconnection!.at) })}
        </p>
        <div className={actions}>
          <Button onClick={onReconnect}>{t('store.reconnect')}</Button>
        </div>
      </div>
    </Card>
  );
}

const healthRoot = css({ display: 'flex', flexDirection: 'column', gap: '2', width: 'full', fontSize: 'sm' });
const healthTitle = css({ fontWeight: 'semibold', color: 'fg.default' });
const failureList = css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', padding: '0', margin: '0' });
const failureWhen = css({ color: 'fg.muted' });

interface SyncHealthProps {
  sync: StoreSync;
  canSync: boolean;
  onSyncNow?: () => void;
  syncRequested: boolean;
  now?: number;
}

/** Is the store's data flowing: when it last came in, whether a sync runs, and what went wrong lately. */
function SyncHealth({ sync, canSync, onSyncNow, syncRequested, now: fixedNow }: SyncHealthProps) {
  const { t } = useTranslation('integrations');
  const clock = useNow();
  const now = fixedNow ?? clock;
  const ago = (elapsed: Elapsed) =>
    elapsed.unit === 'justNow' ? t('store.health.ago.justNow') : t(`store.health.ago.${elapsed.unit}`, { count: elapsed.count });
  const last = sync.lastSyncedAt === null ? null : elapsedSince(sync.lastSyncedAt, now);
  // Before the import ends its progress bar says it all; "Sincronizar ahora" is for a store already in.
  const imported = sync.status === 'FINISHED';
  return (
    <section className={healthRoot} aria-label={t('store.health.title')}>
      <p>
        {last === null
          ? t('store.health.lastSynced.never')
          : last.unit === 'justNow'
            ? t('store.health.lastSynced.justNow')
            : t(`store.health.lastSynced.${last.unit}`, { count: last.count })}
      </p>
      {imported && sync.syncing ? <p role="status">{t('store.health.syncing')}</p> : null}
      {sync.failures.length > 0 ? (
        <div>
          <p className={healthTitle}>{t('store.health.failuresTitle')}</p>
          <ul className={failureList}>
            {sync.failures.map((failure) => (
              <li key={`${failure.code}-${failure.at}`}>
                {t(`store.health.failure.${failure.code}`)} <span className={failureWhen}>({ago(elapsedSince(failure.at, now))})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {canSync && imported ? (
        <div className={actions}>
          <Button variant="outline" onClick={onSyncNow} loading={syncRequested} disabled={sync.syncing}>
            {sync.syncing ? t('store.health.alreadySyncing') : t('store.health.syncNow')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** Progress of the period being imported: the last year first, then the rest of the history. */
function SyncProgress({ sync }: { sync: StoreSync }) {
  const { t } = useTranslation('integrations');
  const lastYear = sync.status === 'NEEDS_SCRAPE' || sync.status === 'IN_PROGRESS';
  if (!lastYear && sync.status !== 'HISTORIC_IN_PROGRESS') return null;
  const period = lastYear ? sync.lastYear : sync.history;
  return (
    <div className={progress}>
      <ProgressBar
        label={lastYear ? t('store.lastYearProgress') : t('store.historyProgress')}
        value={percent(period)}
        description={t('store.progressCount', { imported: formatCount(period.imported), total: formatCount(period.total) })}
      />
    </div>
  );
}

export function percent({ imported, total }: { imported: number; total: number }): number | null {
  if (total <= 0) return null;
  return Math.min(100, Math.floor((imported / total) * 100));
}

const QUALITY_TONES: Record<WhatsappQualityRating, Tone> = { GREEN: 'success', YELLOW: 'warning', RED: 'danger', UNKNOWN: 'neutral' };

interface MessagingCardProps {
  messaging: MessagingIntegration;
  required: MessagingPrerequisite | null;
  onConnect?: (() => void) | undefined;
  onDisconnect?: (() => void) | undefined;
  disconnecting: boolean;
}

/**
 * WhatsApp: the number campaigns and chat use, by the name customers see, with what Meta says of it (its
 * quality rating, the business's messaging limit); a quality dropped to RED is said at once, with what to do.
 */
function MessagingCard({ messaging: { state, selection }, required, onConnect, onDisconnect, disconnecting }: MessagingCardProps) {
  const { t } = useTranslation('integrations');
  const limitText = useLimitText();
  return (
    <Card as="article" title={t('messaging.title')} description={t('messaging.description')}>
      <div className={body}>
        <StateBadge state={state} />
        {required && state === 'notConnected' ? <p className={note}>{t(`messaging.requiresFirst.${required}`)}</p> : null}
        {state !== 'notConnected' && selection ? (
          <dl className={details}>
            <dt className={term}>{t('messaging.displayName')}</dt>
            <dd className={value}>{selection.phoneNumber.verifiedName}</dd>
            <dt className={term}>{t('messaging.number')}</dt>
            <dd className={value}>{selection.phoneNumber.displayPhoneNumber}</dd>
            <dt className={term}>{t('messaging.quality')}</dt>
            <dd className={value}>
              <Badge tone={QUALITY_TONES[selection.phoneNumber.qualityRating]}>
                {t(`messaging.qualityRating.${selection.phoneNumber.qualityRating}`)}
              </Badge>
            </dd>
            <dt className={term}>{t('messaging.messagingLimit')}</dt>
            <dd className={value}>
              <span>{limitText(selection.messagingLimit)}</span>
              <span className={assetId}>{t('messaging.limitHelp')}</span>
            </dd>
          </dl>
        ) : null}
        {state === 'connected' && selection?.phoneNumber.qualityRating === 'RED' ? (
          <p role="alert" className={errorText}>
            {t('messaging.qualityRed')}
          </p>
        ) : null}
        {state !== 'notConnected' && selection && !selection.businessVerified ? <p className={note}>{t('messaging.unverified')}</p> : null}
        {state === 'needsAttention' ? (
          <p role="alert" className={errorText}>
            {t('messaging.renewalNeeded')}
          </p>
        ) : null}
        {selection && state !== 'notConnected' ? (
          <Link href={selection.manageUrl} target="_blank" rel="noopener noreferrer">
            {t('messaging.manage')}
          </Link>
        ) : null}
        {onConnect ? (
          <div className={actions}>
            {/* What is missing first is said above; a number saved before stays disconnectable. */}
            {required ? null : state === 'notConnected' ? (
              <Button onClick={onConnect}>{t('messaging.connect')}</Button>
            ) : (
              <Button variant="outline" onClick={onConnect} disabled={disconnecting}>
                {t('messaging.edit')}
              </Button>
            )}
            {state !== 'notConnected' && onDisconnect ? (
              <Button variant="outline" onClick={onDisconnect} loading={disconnecting}>
                {t('messaging.disconnect')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

interface SocialAdsCardProps {
  socialAds: SocialAdsIntegration;
  storeConnected: boolean;
  onConnect?: (() => void) | undefined;
  onDisconnect?: (() => void) | undefined;
  disconnecting: boolean;
}

/**
 * Meta: Facebook Login and the assets campaigns use, named so the merchant knows which account spends;
 * a token Meta stopped taking is renewed from here, and the connection can be forgotten.
 */
function SocialAdsCard({ socialAds: { state, selection }, storeConnected, onConnect, onDisconnect, disconnecting }: SocialAdsCardProps) {
  const { t } = useTranslation('integrations');
  return (
    <Card as="article" title={t('socialAds.title')} description={t('socialAds.description')}>
      <div className={body}>
        <StateBadge state={state} />
        {storeConnected ? null : <p className={note}>{t('socialAds.storeFirst')}</p>}
        {state !== 'notConnected' && selection ? (
          <dl className={details}>
            <dt className={term}>{t('socialAdsForm.fields.adAccountId')}</dt>
            <dd className={value}>
              <NamedAsset asset={selection.adAccount} />
            </dd>
            <dt className={term}>{t('socialAdsForm.fields.pageId')}</dt>
            <dd className={value}>
              <NamedAsset asset={selection.page} />
            </dd>
            <dt className={term}>{t('socialAdsForm.fields.instagramAccountId')}</dt>
            <dd className={value}>{selection.instagramAccount.name}</dd>
            <dt className={term}>{t('socialAdsForm.fields.pixelId')}</dt>
            <dd className={value}>
              <NamedAsset asset={selection.pixel} />
            </dd>
          </dl>
        ) : null}
        {state === 'needsAttention' ? (
          <p role="alert" className={errorText}>
            {t('socialAds.renewalNeeded')}
          </p>
        ) : null}
        {onConnect && storeConnected ? (
          <div className={actions}>
            {state === 'connected' ? (
              <Button variant="outline" onClick={onConnect} disabled={disconnecting}>
                {t('socialAds.edit')}
              </Button>
            ) : (
              <Button onClick={onConnect} disabled={disconnecting}>
                {state === 'needsAttention' ? t('socialAds.renew') : t('socialAds.connect')}
              </Button>
            )}
            {state !== 'notConnected' && onDisconnect ? (
              <Button variant="outline" onClick={onDisconnect} loading={disconnecting}>
                {t('socialAds.disconnect')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

const assetId = css({ display: 'block', color: 'fg.muted', fontSize: 'xs', fontVariantNumeric: 'tabular-nums' });

/** An asset by its name, with Meta's id below it: the id is what Ads Manager and the support team search by. */
function NamedAsset({ asset }: { asset: MetaNamedAsset }) {
  const { t } = useTranslation('integrations');
  return (
    <>
      <span>{asset.name}</span>
      <span className={assetId}>{t('socialAds.assetId', { id: asset.id })}</span>
    </>
  );
}

interface EmailMarketingCardProps {
  state: IntegrationState;
  onConnect?: (() => void) | undefined;
  onDisconnect?: (() => void) | undefined;
  disconnecting: boolean;
}

/** Klaviyo: connect with a private key; once connected, change the key or disconnect (the lists stay in Klaviyo). */
function EmailMarketingCard({ state, onConnect, onDisconnect, disconnecting }: EmailMarketingCardProps) {
  const { t } = useTranslation('integrations');
  return (
    <Card as="article" title={t('emailMarketing.title')} description={t('emailMarketing.description')}>
      <div className={body}>
        <StateBadge state={state} />
        {state === 'needsAttention' ? (
          <p role="alert" className={errorText}>
            {t('emailMarketing.keyRefused')}
          </p>
        ) : null}
        {onConnect ? (
          <div className={actions}>
            {state === 'notConnected' ? (
              <Button onClick={onConnect}>{t('emailMarketing.connect')}</Button>
            ) : (
              <Button variant="outline" onClick={onConnect} disabled={disconnecting}>
                {t('emailMarketing.changeKey')}
              </Button>
            )}
            {state !== 'notConnected' && onDisconnect ? (
              <Button variant="outline" onClick={onDisconnect} loading={disconnecting}>
                {t('emailMarketing.disconnect')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
