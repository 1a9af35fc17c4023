import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount } from '../../../../shared/format/count';
import type { Loadable } from '../../../api/loadable';
import { Badge, StatusBadge, type Tone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { LoadErrorState } from '../../../ui/empty-state';
import { PageHeader } from '../../../ui/page-header';
import { ProgressBar } from '../../../ui/progress-bar';
import { Skeleton } from '../../../ui/skeleton';

type Integrations = components['schemas']['Integrations'];
type IntegrationState = components['schemas']['IntegrationState'];
type StoreSync = components['schemas']['StoreSync'];

export interface IntegrationsScreenProps {
  /** Null when the user has no store yet: nothing is connected. */
  integrations: Loadable<Integrations | null>;
  onConnectStore: () => void;
  onUpdateCredentials: () => void;
  onRetrySync: () => void;
  retrying?: boolean;
  onReload: () => void;
  /** The store form's dialog, owned by the container. */
  storeDialog?: ReactNode;
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
  onReload,
  storeDialog,
}: IntegrationsScreenProps) {
  const { t } = useTranslation('integrations');
  return (
    <div className={root}>
      <PageHeader title={t('title')} description={t('subtitle')} />
      {state.status === 'loading' ? (
        <div className={grid} aria-busy="true" data-testid="integrations-loading">
          {[0, 1, 2, 3].map((index) => (
            <Card key={index} as="article">
              <Skeleton lines={4} />
            </Card>
          ))}
        </div>
      ) : state.status === 'error' ? (
        <LoadErrorState onRetry={onReload} />
      ) : (
        <div className={grid}>
          <StoreCard
            store={state.data?.store ?? null}
            onConnect={onConnectStore}
            onUpdateCredentials={onUpdateCredentials}
            onRetry={onRetrySync}
            retrying={retrying}
          />
          <SimpleCard
            title={t('socialAds.title')}
            description={t('socialAds.description')}
            state={state.data?.socialAds.state ?? 'notConnected'}
          />
          <SimpleCard
            title={t('messaging.title')}
            description={t('messaging.description')}
            state={state.data?.messaging.state ?? 'notConnected'}
          />
          <SimpleCard
            title={t('emailMarketing.title')}
            description={t('emailMarketing.description')}
            state={state.data?.emailMarketing.state ?? 'notConnected'}
          />
        </div>
      )}
      <p className={note}>{t('comingSoonNote')}</p>
      {storeDialog}
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
}

function StoreCard({ store, onConnect, onUpdateCredentials, onRetry, retrying }: StoreCardProps) {
  const { t } = useTranslation('integrations');
  const state = store?.state ?? 'notConnected';
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

function SimpleCard({ title: cardTitle, description, state }: { title: string; description: string; state: IntegrationState }) {
  const { t } = useTranslation('integrations');
  return (
    <Card as="article" title={cardTitle} description={description}>
      <div className={body}>
        {/* Not connectable yet: said as a state, not offered as a button that leads nowhere. */}
        {state === 'notConnected' ? <Badge tone="neutral">{t('comingSoon')}</Badge> : <StateBadge state={state} />}
      </div>
    </Card>
  );
}
