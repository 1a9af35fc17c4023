import { fn } from 'storybook/test';
import type { CancelSubscriptionDialogProps } from '../../src/web/features/account/screens/cancel-subscription-dialog';

/** The cancellation dialog's props, closed on its first step unless `state` says otherwise; deleted on 2 abr. */
export const cancelDialogArgs = (state: Partial<CancelSubscriptionDialogProps> = {}): CancelSubscriptionDialogProps => ({
  open: false,
  step: 'reason',
  deletionDate: '2026-04-02T15:00:00.000Z',
  onOpenChange: fn(),
  onContinue: fn(),
  onBack: fn(),
  onConfirm: fn(),
  ...state,
});
