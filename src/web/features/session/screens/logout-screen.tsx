import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { LoadingScreen } from '../../../ui/loading-screen';
import { AuthAlert, AuthPanel } from './auth-panel';

/** `working` while the session ends; `failed` with the reason, already translated. */
export type LogoutState = { status: 'working' } | { status: 'failed'; message: string };

export interface LogoutScreenProps {
  state: LogoutState;
  onRetry: () => void;
}

/** What the sign-out address shows while it ends the session, and when it could not. */
export function LogoutScreen({ state, onRetry }: LogoutScreenProps) {
  const { t } = useTranslation('auth');
  if (state.status === 'working') return <LoadingScreen label={t('logout.working')} />;
  return (
    <AuthPanel id="logout-title" title={t('logout.failedTitle')}>
      <AuthAlert>{state.message}</AuthAlert>
      <Button fullWidth onClick={onRetry}>
        {t('logout.retry')}
      </Button>
    </AuthPanel>
  );
}
