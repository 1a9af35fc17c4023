import { useEffect, useMemo, useState } from 'react';
import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../lib/forms';
import { NumberInput } from '../../../ui/number-input';
import { RadioGroup } from '../../../ui/radio-group';
import { SegmentedControl } from '../../../ui/segmented-control';
import type { SegmentInput } from '../forms/segment-form-rules';
import {
  EMPTY_SIMPLE_SEGMENT,
  type ProductField,
  type SimpleField,
  type SimpleSegmentValues,
  simpleFieldOfServerPath,
  simpleSegmentFormSchema,
  simpleSegmentRules,
} from '../forms/simple-segment-form';
import {
  DateField,
  FormSection,
  formLayout,
  GeneralInformationSection,
  NO_SERVER_ERRORS,
  SegmentFormFooter,
  type SegmentFormProps,
  SegmentTagsField,
  shownError,
  useCountedRules,
} from './segment-form-parts';

export type SimpleSegmentFormProps = SegmentFormProps<SimpleSegmentValues>;

/** The simple form (SPEC §2): one form whose every filled field narrows the segment down. */
export function SimpleSegmentForm(props: SimpleSegmentFormProps) {
  const { t } = useTranslation('createSegment');
  const { count, onRulesChange, onSubmit, onCancel } = props;
  const { defaultValues = EMPTY_SIMPLE_SEGMENT, saving = false, serverErrors = NO_SERVER_ERRORS, productTypes = [] } = props;
  const { register, control, handleSubmit, getValues, setFocus, formState } = useZodForm(simpleSegmentFormSchema, {
    textGroup: 'createSegment',
    defaultValues,
  });
  const errors: FieldErrors<SimpleSegmentValues> = formState.errors;
  const values = useWatch({ control }) as SimpleSegmentValues;
  useCountedRules(simpleSegmentRules({ ...EMPTY_SIMPLE_SEGMENT, ...values }), onRulesChange);
  const purchase = useWatch({ control, name: 'purchase' });
  const productField = useWatch({ control, name: 'productField' });

  // The server's words, on the fields of the values that were sent.
  const [sent, setSent] = useState<SimpleSegmentValues | null>(null);
  const placed = useMemo(() => {
    const onFields: Partial<Record<SimpleField, string>> = {};
    const elsewhere: string[] = [];
    for (const [path, message] of Object.entries(serverErrors)) {
      if (message === undefined) continue;
      const field = simpleFieldOfServerPath(sent ?? getValues(), path);
      if (field && onFields[field] === undefined) onFields[field] = message;
      else if (!field) elsewhere.push(message);
    }
    return { onFields, elsewhere };
  }, [serverErrors, sent, getValues]);
  useEffect(() => {
    const first = Object.keys(placed.onFields)[0] as SimpleField | undefined;
    if (first) setFocus(first);
  }, [placed, setFocus]);
  const fieldError = (field: SimpleField) => shownError(errors[field], placed.onFields[field]);

  return (
    <form
      className={formLayout.form}
      noValidate
      onSubmit={handleSubmit((input) => {
        setSent(getValues());
        onSubmit(input);
      })}
    >
      <GeneralInformationSection
        nameInput={register('name')}
        descriptionInput={register('description')}
        nameError={fieldError('name')}
        descriptionError={fieldError('description')}
        disabled={saving}
      />

      <FormSection title={t('simple.rulesTitle')} description={t('simple.rulesDescription')}>
        <div className={formLayout.group}>
          <Controller
            control={control}
            name="purchase"
            render={({ field }) => (
              <RadioGroup
                name={field.name}
                legend={t('simple.purchase.legend')}
                value={field.value}
                onValueChange={(value) => value && field.onChange(value)}
                disabled={saving}
                options={[
                  { value: 'anytime', label: t('simple.purchase.anytime') },
                  { value: 'between', label: t('simple.purchase.between') },
                  { value: 'never', label: t('simple.purchase.never') },
                ]}
              />
            )}
          />
          {purchase === 'between' ? (
            <>
              <div className={formLayout.pair}>
                {(['from', 'to'] as const).map((end) => (
                  <Controller
                    key={end}
                    control={control}
                    name={end}
                    render={({ field }) => (
                      <DateField
                        label={t(`simple.period.${end}`)}
                        name={field.name}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        disabled={saving}
                        error={fieldError(end)}
                      />
                    )}
                  />
                ))}
              </div>
              <p className={formLayout.note}>{t('simple.period.note')}</p>
            </>
          ) : null}
          {purchase === 'never' ? <p className={formLayout.note}>{t('simple.purchase.neverNote')}</p> : null}
        </div>

        {purchase === 'never' ? null : (
          <>
            <fieldset className={formLayout.group}>
              <legend className={formLayout.groupTitle}>{t('simple.products.legend')}</legend>
              <Controller
                control={control}
                name="productField"
                render={({ field }) => (
                  <SegmentedControl<ProductField>
                    label={t('simple.products.by')}
                    value={field.value}
                    onValueChange={field.onChange}
                    options={[
                      { value: 'productTags', label: t('simple.products.productTags') },
                      { value: 'productTypes', label: t('simple.products.productTypes') },
                    ]}
                  />
                )}
              />
              <Controller
                control={control}
                name="products"
                render={({ field }) => (
                  <SegmentTagsField
                    label={productField === 'productTypes' ? t('simple.products.typesLabel') : t('simple.products.tagsLabel')}
                    helperText={t('simple.products.help')}
                    value={field.value}
                    onValueChange={field.onChange}
                    error={fieldError('products')}
                    disabled={saving}
                    suggestions={productField === 'productTypes' ? productTypes : []}
                  />
                )}
              />
            </fieldset>

            <Controller
              control={control}
              name="purchaseType"
              render={({ field }) => (
                <RadioGroup
                  name={field.name}
                  legend={t('simple.purchaseType.legend')}
                  orientation="horizontal"
                  value={field.value}
                  onValueChange={(value) => value && field.onChange(value)}
                  disabled={saving}
                  options={[
                    { value: 'all', label: t('simple.purchaseType.all') },
                    { value: 'withDiscount', label: t('simple.purchaseType.withDiscount') },
                    { value: 'withoutDiscount', label: t('simple.purchaseType.withoutDiscount') },
                  ]}
                />
              )}
            />

            <RangeFields
              control={control}
              legend={t('simple.orders.legend')}
              from="ordersFrom"
              to="ordersTo"
              prefix="orders"
              step={1}
              error={fieldError}
              disabled={saving}
            />
            <RangeFields
              control={control}
              legend={t('simple.amount.legend')}
              from="amountFrom"
              to="amountTo"
              prefix="amount"
              step={1000}
              error={fieldError}
              disabled={saving}
            />
          </>
        )}

        <Controller
          control={control}
          name="customerTags"
          render={({ field }) => (
            <SegmentTagsField
              label={t('simple.customerTags.label')}
              helperText={t('simple.customerTags.help')}
              value={field.value}
              onValueChange={field.onChange}
              error={fieldError('customerTags')}
              disabled={saving}
            />
          )}
        />
      </FormSection>

      {placed.elsewhere.length > 0 ? (
        <p role="alert" className={formLayout.alert}>
          {placed.elsewhere.join(' ')}
        </p>
      ) : null}
      <SegmentFormFooter count={count} saving={saving} onCancel={onCancel} />
    </form>
  );
}

type RangeField = 'ordersFrom' | 'ordersTo' | 'amountFrom' | 'amountTo';

interface RangeFieldsProps {
  control: Control<SimpleSegmentValues, unknown, SegmentInput>;
  legend: string;
  from: RangeField;
  to: RangeField;
  prefix: 'orders' | 'amount';
  step: number;
  error: (field: SimpleField) => ReturnType<typeof shownError>;
  disabled: boolean;
}

/** A count or an amount from one number to another, either end optional. */
function RangeFields({ control, legend, from, to, prefix, step, error, disabled }: RangeFieldsProps) {
  const { t } = useTranslation('createSegment');
  return (
    <fieldset className={formLayout.group}>
      <legend className={formLayout.groupTitle}>{legend}</legend>
      <div className={formLayout.pair}>
        {([from, to] as const).map((name, index) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <NumberInput
                label={t(`simple.${prefix}.${index === 0 ? 'from' : 'to'}`)}
                name={field.name}
                value={field.value === null ? '' : String(field.value)}
                // An empty field is no bound.
                onValueChange={({ valueAsNumber }) => field.onChange(Number.isFinite(valueAsNumber) ? valueAsNumber : null)}
                step={step}
                disabled={disabled}
                error={error(name)}
              />
            )}
          />
        ))}
      </div>
    </fieldset>
  );
}
