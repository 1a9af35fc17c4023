import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount } from '../../../../shared/format/count';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { PageHeader } from '../../../ui/page-header';
import { ProgressBar } from '../../../ui/progress-bar';

type StoreSync = components['schemas']['StoreSync'];

export interface FirstImportScreenProps {
  sync: StoreSync;
  onRetry: () => void;
  retrying?: boolean;
  /** The retry itself was refused. */
  retryFailed?: boolean;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '6', maxWidth: '2xl' });
const failure = css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' });
const failureTitle = css({ textStyle: 'groupTitle', color: 'danger.text' });
const errorText = css({ fontSize: 'sm', color: 'fg.default' });

/** The first data download after connecting the store: data screens wait for the last year. */
export function FirstImportScreen({ sync, onRetry, retrying = false, retryFailed = false }: FirstImportScreenProps) {
  const { t } = useTranslation('onboarding');
  const { imported, total } = sync.lastYear;
  const value = total > 0 ? Math.min(100, Math.floor((imported / total) * 100)) : sync.status === 'FAILED' ? 0 : null;
  return (
    <div className={root}>
      <PageHeader title={t('firstImport.title')} description={t('firstImport.description')} />
      <Card>
        <ProgressBar
          label={t('firstImport.progressLabel')}
          value={value}
          description={
            total > 0
              ? t('firstImport.progressCount', { imported: formatCount(imported), total: formatCount(total) })
              : // Before the count: still waiting its turn in the queue, or under way and counting the orders.
                t(sync.status === 'NEEDS_SCRAPE' ? 'firstImport.queued' : 'firstImport.counting')
          }
        />
      </Card>
      {sync.status === 'FAILED' ? (
        <div className={failure} role="alert">
          <p className={failureTitle}>{t('firstImport.failedTitle')}</p>
          {sync.error ? <p className={errorText}>{sync.error}</p> : null}
          {retryFailed ? <p className={errorText}>{t('firstImport.retryFailed')}</p> : null}
          <Button onClick={onRetry} loading={retrying}>
            {t('firstImport.retry')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
