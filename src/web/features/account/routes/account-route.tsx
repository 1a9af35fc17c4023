import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { loadableOf } from '../../../api/loadable';
import { useAccountDetails } from '../api/account-details';
import { AccountScreen } from '../screens/account-screen';

export interface AccountRouteProps {
  storeTab: ReactNode;
}

export function AccountRoute({ storeTab }: AccountRouteProps) {
  const [params] = useSearchParams();
  const details = useAccountDetails();
  return (
    <AccountScreen
      details={loadableOf(details)}
      onRetry={() => void details.refetch()}
      storeTab={storeTab}
      defaultTab={params.get('tab') === 'store' ? 'store' : 'subscription'}
    />
  );
}
