import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAccountDetails } from '../api/account-details';
import { type AccountDetailsState, AccountScreen } from '../screens/account-screen';

export interface AccountRouteProps {
  storeTab: ReactNode;
}

export function AccountRoute({ storeTab }: AccountRouteProps) {
  const [params] = useSearchParams();
  const details = useAccountDetails();
  const state: AccountDetailsState =
    details.isPending || (details.isError && details.isFetching)
      ? { status: 'loading' }
      : details.isError
        ? { status: 'error' }
        : { status: 'success', details: details.data };
  return (
    <AccountScreen
      details={state}
      onRetry={() => void details.refetch()}
      storeTab={storeTab}
      defaultTab={params.get('tab') === 'store' ? 'store' : 'subscription'}
    />
  );
}
