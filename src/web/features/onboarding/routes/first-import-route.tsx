import { type StoreSync, useRetryStoreSync } from '../../../api/store-sync';
import { FirstImportScreen } from '../screens/first-import-screen';

export interface FirstImportRouteProps {
  storeId: number;
  /** The polled import, read by the gate that chose this screen. */
  sync: StoreSync;
}

export function FirstImportRoute({ storeId, sync }: FirstImportRouteProps) {
  const retry = useRetryStoreSync(storeId);
  return <FirstImportScreen sync={sync} onRetry={() => retry.mutate()} retrying={retry.isPending} retryFailed={retry.isError} />;
}
