import { useEffect, useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { useZodForm } from '../../../lib/forms';
import { TextInput } from '../../../ui/field';
import { Select } from '../../../ui/select';
import type { CardDetails } from '../api/card-tokenizer';
import { type CardFormField, type CardFormInput, cardFormSchema } from '../forms/card-form';
import { cardCountryOptions, DEFAULT_CARD_COUNTRY } from '../forms/countries';

/** What the processor or our server refused: its words, and beside which of the card's fields. */
export interface CardFormError {
  /** Shown above the form, unless it already stands beside a field; null when only fields are concerned. */
  message: string | null;
  fieldErrors: Partial<Record<CardFormField, string>>;
}

export type CardForm = UseFormReturn<CardFormInput, unknown, CardDetails>;

export const EMPTY_CARD: CardFormInput = {
  cardholderName: '',
  cardNumber: '',
  expiry: '',
  cvc: '',
  country: DEFAULT_CARD_COUNTRY,
  termsAccepted: false,
};

/** The card form's state, checked as SPEC §5 says; with `requireTerms` it also asks for the terms. */
export function useCardForm(today: string, { requireTerms = false }: { requireTerms?: boolean } = {}): CardForm {
  const schema = useMemo(() => cardFormSchema(today, { requireTerms }), [today, requireTerms]);
  return useZodForm(schema, { textGroup: 'account', defaultValues: EMPTY_CARD });
}

/** A refusal that names a field takes the merchant back to it. */
export function useFocusRefusedField(form: CardForm, error: CardFormError | null | undefined) {
  const { setFocus } = form;
  const refused = (['cardNumber', 'expiry', 'cvc'] as const).find((field) => error?.fieldErrors[field] !== undefined);
  useEffect(() => {
    if (refused) setFocus(refused);
  }, [refused, error, setFocus]);
}

export interface CardFieldsProps {
  form: CardForm;
  error?: CardFormError | null | undefined;
  disabled?: boolean;
}

const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });
const wide = css({ gridColumn: { sm: 'span 2' } });

/** Cardholder name, card number, expiry (MM/AA), CVC and country, Chile first (SPEC §2 Payment method). */
export function CardFields({ form, error, disabled = false }: CardFieldsProps) {
  const { t } = useTranslation('account');
  const countries = useMemo(() => cardCountryOptions(), []);
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const refused = error?.fieldErrors ?? {};
  return (
    <div className={grid}>
      <div className={wide}>
        <TextInput
          label={t('card.cardholderName')}
          autoComplete="cc-name"
          error={errors.cardholderName ?? refused.cardholderName}
          disabled={disabled}
          {...register('cardholderName')}
        />
      </div>
      <div className={wide}>
        <TextInput
          label={t('card.cardNumber')}
          autoComplete="cc-number"
          inputMode="numeric"
          error={errors.cardNumber ?? refused.cardNumber}
          disabled={disabled}
          {...register('cardNumber')}
        />
      </div>
      <TextInput
        label={t('card.expiry')}
        placeholder={t('card.expiryPlaceholder')}
        autoComplete="cc-exp"
        inputMode="numeric"
        error={errors.expiry ?? refused.expiry}
        disabled={disabled}
        {...register('expiry')}
      />
      <TextInput
        label={t('card.cvc')}
        helperText={t('card.cvcHelp')}
        autoComplete="cc-csc"
        inputMode="numeric"
        error={errors.cvc ?? refused.cvc}
        disabled={disabled}
        {...register('cvc')}
      />
      <div className={wide}>
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <Select
              label={t('card.country')}
              name={field.name}
              options={countries}
              value={field.value || null}
              onValueChange={(value) => field.onChange(value ?? '')}
              error={errors.country ?? refused.country}
              disabled={disabled}
            />
          )}
        />
      </div>
    </div>
  );
}
