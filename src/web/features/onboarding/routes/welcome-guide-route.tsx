import type { ReactNode } from 'react';
import { ACCOUNT_PATH } from '../../../lib/paths';
import { WelcomeGuideScreen } from '../screens/welcome-guide-screen';

export interface WelcomeGuideRouteProps {
  /** The store form, composed by the app (it belongs to the integrations feature). */
  storeForm: ReactNode;
}

/** The guide only shows while the user has no store, so it always opens on step 1. */
export function WelcomeGuideRoute({ storeForm }: WelcomeGuideRouteProps) {
  return <WelcomeGuideScreen step={0} storeForm={storeForm} accountHref={ACCOUNT_PATH} />;
}
