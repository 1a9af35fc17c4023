import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentStore } from '../../../api/current-store';
import { ACCOUNT_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { useNow } from '../../../lib/use-now';
import { toaster } from '../../../ui/toaster';
import { useSubscription, useUpdatePaymentDetails } from '../api/subscription';
import { calendarDay } from '../billing';
import { PaymentMethodScreen } from '../screens/payment-method-screen';
import { cardRefusalOf, useCardRefusalTexts } from './card-refusal';

/**
 * "Administrar método de pago": the card is tokenised with the processor the plan catalogue names, its id
 * replaces the subscription's card, and the account says so; a refused card is shown on the form.
 */
export function PaymentMethodRoute() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { storeId } = useCurrentStore();
  const now = useNow();
  const subscription = useSubscription(storeId);
  const update = useUpdatePaymentDetails(storeId);
  const texts = useCardRefusalTexts(t('changePlan.failed'));
  const refusal = update.isError ? cardRefusalOf(update.error, texts) : null;

  return (
    <PaymentMethodScreen
      currentCard={subscription.data?.subscription?.paymentMethod ?? null}
      today={calendarDay(now)}
      saving={update.isPending}
      error={refusal?.on === 'form' ? refusal.error : null}
      accountHref={ACCOUNT_PATH}
      linkComponent={RouterLink}
      onSubmit={(card) =>
        update.mutate(card, {
          onSuccess: () => {
            toaster.show({ status: 'success', message: t('toasts.paymentMethodUpdated') });
            void navigate(ACCOUNT_PATH);
          },
          onError: (error) => {
            const failure = cardRefusalOf(error, texts);
            if (failure.on === 'toast')
              toaster.show({ status: 'error', message: t('toasts.paymentMethodFailed'), description: failure.description });
          },
        })
      }
    />
  );
}
