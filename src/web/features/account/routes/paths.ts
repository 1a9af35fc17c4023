import { ACCOUNT_PATH } from '../../../lib/paths';

/** Choosing a first plan or changing it: the account's subscription tab, the banners and the subscription-required state lead here. */
export const CHANGE_PLAN_PATH = `${ACCOUNT_PATH}/change-plan`;
export const PAYMENT_METHOD_PATH = `${ACCOUNT_PATH}/payment-method`;
