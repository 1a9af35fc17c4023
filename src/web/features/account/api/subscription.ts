import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { isSubscriptionRequired, unwrap } from '../../../api/errors';
import { storeKeys, subscriptionKeys } from '../../../api/keys';
import { storeQuery, whenKnown } from '../../../api/store-query';
import { type CardDetails, tokenizeCard } from './card-tokenizer';
import { planCatalogQueryOptions } from './plans';

type SubscriptionState = components['schemas']['SubscriptionState'];
type PlanChoice = components['schemas']['PlanChoice'];
type CancelSubscriptionRequest = components['schemas']['CancelSubscriptionRequest'];

/**
 * The current store's subscription (null before its first plan) and whether its free trial is still unused.
 * The call names no store (the session's is meant), but it waits for one like every store query.
 */
export const subscriptionQueryOptions = (storeId: number | undefined) =>
  storeQuery(subscriptionKeys.detail(storeId), storeId, (_id, signal) => appClient.GET('/private/subscription', { signal }));

export function useSubscription(storeId: number | undefined) {
  return useQuery(subscriptionQueryOptions(storeId));
}

/** A proration preview holds for an hour (its `prorationDate`); it is asked again well before. */
const PREVIEW_REFRESH_MS = 30 * 60 * 1000;

/** What changing to `choice` would charge today, as the card processor previews it (null: no choice yet). */
export const planChangePreviewQueryOptions = (storeId: number | undefined, choice: PlanChoice | null) =>
  queryOptions({
    queryKey: subscriptionKeys.planChangePreview(storeId, choice),
    queryFn: whenKnown([storeId, choice], async ([, { planId, billing }], signal) =>
      unwrap(await appClient.GET('/private/subscription/plan-change-preview', { params: { query: { planId, billing } }, signal })),
    ),
    staleTime: PREVIEW_REFRESH_MS,
    refetchInterval: PREVIEW_REFRESH_MS,
  });

/** Asked only while `enabled`: for a paid plan being changed, by a role that may change it. */
export function usePlanChangePreview(storeId: number | undefined, choice: PlanChoice | null, enabled: boolean) {
  return useQuery({ ...planChangePreviewQueryOptions(storeId, choice), enabled });
}

/** Every change answers the subscription as it now stands: the pages that show it update at once. */
function saveState(queryClient: QueryClient, storeId: number | undefined, state: SubscriptionState) {
  queryClient.setQueryData(subscriptionKeys.detail(storeId), state);
}

/** Tokenises the card with the processor the plan catalogue names (read once, then cached): its `pm_…` id. */
async function tokenized(queryClient: QueryClient, card: CardDetails): Promise<string> {
  const { cardProcessor } = await queryClient.ensureQueryData(planCatalogQueryOptions);
  return (await tokenizeCard(cardProcessor, card)).id;
}

export interface SubscribeInput extends PlanChoice {
  card: CardDetails;
}

/**
 * Starts a plan: the browser tokenises the card with the processor (the number and security code go
 * there only), then our server gets its `pm_…` id. The store's data opens: what was refused for want of
 * a plan is forgotten, and everything else about the store is read again.
 */
export function useSubscribe(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ card, planId, billing }: SubscribeInput) => {
      const paymentMethodId = await tokenized(queryClient, card);
      return unwrap(await appClient.POST('/private/subscription', { body: { planId, billing, paymentMethodId, termsAccepted: true } }));
    },
    onSuccess: (state) => {
      saveState(queryClient, storeId, state);
      queryClient.removeQueries({ queryKey: storeKeys.detail(storeId), predicate: (query) => isSubscriptionRequired(query.state.error) });
      return queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) });
    },
  });
}

/** Another plan or billing for the store's subscription. */
export function useChangePlan(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PlanChoice) => unwrap(await appClient.PATCH('/private/subscription', { body })),
    onSuccess: (state) => saveState(queryClient, storeId, state),
  });
}

/** Cancels the subscription: the account and the store's data are deleted on its cancellation date. */
export function useCancelSubscription(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CancelSubscriptionRequest) => unwrap(await appClient.DELETE('/private/subscription', { body })),
    onSuccess: (state) => saveState(queryClient, storeId, state),
  });
}

/**
 * Replaces the card that pays the subscription: tokenised by the processor, then only its `pm_…` id goes
 * to our server. A past-due invoice is retried with it.
 */
export function useUpdatePaymentDetails(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (card: CardDetails) => {
      const paymentMethodId = await tokenized(queryClient, card);
      return unwrap(await appClient.PATCH('/private/me/payment_details', { body: { paymentMethodId } }));
    },
    onSuccess: (state) => saveState(queryClient, storeId, state),
  });
}
