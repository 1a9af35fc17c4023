import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';

type Card = components['schemas']['Card'];

const BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const;
type Brand = (typeof BRANDS)[number] | 'unknown';

const brandOf = (brand: string): Brand => ((BRANDS as readonly string[]).includes(brand) ? (brand as Brand) : 'unknown');

/** A card's expiry as printed on it: MM/AA. */
export function cardExpiry(card: Pick<Card, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/** A saved card in the merchant's words: "Visa ·· 4242", and its expiry. */
export function useCardTexts() {
  const { t } = useTranslation('account');
  return {
    cardName: (card: Pick<Card, 'brand' | 'last4'>) =>
      t('subscription.card', { brand: t(`brands.${brandOf(card.brand)}`), last4: card.last4 }),
    cardExpiry,
  };
}
