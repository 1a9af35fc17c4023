import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { components } from '../../../../shared/api/app.gen';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import type { LinkComponent } from '../../../ui/link';
import { PlainLink } from '../../../ui/link';
import { PageHeader } from '../../../ui/page-header';
import type { CardDetails } from '../api/card-tokenizer';
import { CardFields, type CardFormError, useCardForm, useFocusRefusedField } from './card-fields';
import { cardExpiry, useCardTexts } from './card-texts';
import { FormAlert } from './form-alert';

type SavedCard = components['schemas']['Card'];

export interface PaymentMethodScreenProps {
  /** The card that pays the subscription now, if any. */
  currentCard: SavedCard | null;
  /** Today in the store's country (YYYY-MM-DD): a card is valid through its expiry month. */
  today: string;
  saving?: boolean;
  /** The processor's or our server's refusal. */
  error?: CardFormError | null;
  onSubmit: (card: CardDetails) => void;
  /** Where "Cancelar" and the breadcrumb lead: the account's subscription tab. */
  accountHref: string;
  linkComponent?: LinkComponent;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '2xl' });
const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const note = css({ textStyle: 'note', color: 'fg.muted' });
const actions = css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' });

/** SPEC §2 Payment method: a new card for the subscription, with cancel and save. */
export function PaymentMethodScreen({
  currentCard,
  today,
  saving = false,
  error,
  onSubmit,
  accountHref,
  linkComponent: RouterLink = PlainLink,
}: PaymentMethodScreenProps) {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation('common');
  const { cardName } = useCardTexts();
  const cardForm = useCardForm(today);
  useFocusRefusedField(cardForm, error);
  return (
    <div className={root}>
      <Breadcrumbs
        items={[{ href: accountHref, label: tCommon('pageTitle.account') }, { label: t('paymentMethod.title') }]}
        linkComponent={RouterLink}
      />
      <PageHeader title={t('paymentMethod.title')} description={t('paymentMethod.description')} />
      <Card title={t('paymentMethod.newCard')}>
        {currentCard ? (
          <p className={note}>{t('paymentMethod.current', { card: cardName(currentCard), expiry: cardExpiry(currentCard) })}</p>
        ) : null}
        <form className={form} noValidate onSubmit={cardForm.handleSubmit(onSubmit)} aria-label={t('paymentMethod.newCard')}>
          <FormAlert error={error?.message ? { message: error.message, fieldErrors: error.fieldErrors } : null} />
          <p className={note}>{t('changePlan.cardDescription')}</p>
          <CardFields form={cardForm} error={error} disabled={saving} />
          <div className={actions}>
            <RouterLink href={accountHref} className={button({ variant: 'outline' })}>
              {t('paymentMethod.cancel')}
            </RouterLink>
            <Button type="submit" loading={saving}>
              {saving ? t('paymentMethod.saving') : t('paymentMethod.save')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
