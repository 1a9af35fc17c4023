import { useTranslation } from 'react-i18next';
import * as LoadingScreenParts from './parts/loading-screen';
import { Spinner } from './spinner';

export interface LoadingScreenProps {
  /** Defaults to the session-check text. */
  label?: string;
  /** `page` fills the viewport (session check); `inline` fills a content area (a page's code loading). */
  layout?: 'page' | 'inline';
}

/** Full-page wait while the session and the permission check resolve; still under reduced motion. */
export function LoadingScreen({ label, layout = 'page' }: LoadingScreenProps) {
  const { t } = useTranslation('common');
  const text = label ?? t('sessionLoading');
  return (
    <LoadingScreenParts.Root layout={layout} role="status" aria-live="polite" aria-busy="true" data-testid="loading-screen">
      <Spinner size="lg" />
      <LoadingScreenParts.Label>{text}</LoadingScreenParts.Label>
    </LoadingScreenParts.Root>
  );
}
