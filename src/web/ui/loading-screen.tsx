import { useTranslation } from 'react-i18next';
import { loadingScreen } from 'styled-system/recipes';
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
  const classes = loadingScreen({ layout });
  const text = label ?? t('sessionLoading');
  return (
    <div className={classes.root} role="status" aria-live="polite" aria-busy="true" data-testid="loading-screen">
      <Spinner size="lg" />
      <p className={classes.label}>{text}</p>
    </div>
  );
}
