import type { Ref } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { formatCount } from '../../../../shared/format';
import { WHATSAPP_TEMPLATE_CATEGORIES, WHATSAPP_TEMPLATE_LIMITS } from '../../../../shared/whatsapp-templates';
import { Textarea, TextInput, useFieldErrorText } from '../../../ui/field';
import { FormSection, formLayout } from '../../../ui/form-layout';
import { RadioCardGroup } from '../../../ui/radio-card';
import type { TemplateStepProps } from './template-form-props';

const L = WHATSAPP_TEMPLATE_LIMITS;

const choice = css({ display: 'flex', flexDirection: 'column', gap: '1', textAlign: 'left' });
const choiceTitle = css({ fontWeight: 'semibold', color: 'fg.default' });
const choiceText = css({ fontSize: 'sm', color: 'fg.muted' });

export interface TemplateInfoStepProps extends TemplateStepProps {
  /** Meta does not let a template's name change once created. */
  nameFixed: boolean;
  titleRef?: Ref<HTMLHeadingElement> | undefined;
}

/** Step 1: the name Meta knows it by, what it is for, and its category in plain words. */
export function TemplateInfoStep({ control, register, errorOf, disabled, nameFixed, titleRef }: TemplateInfoStepProps) {
  const { t } = useTranslation('createTemplate');
  const { t: tDetail } = useTranslation('templateDetail');
  const [name, description] = useWatch({ control, name: ['name', 'description'] });
  const categoryError = useFieldErrorText(errorOf('category'));
  return (
    <FormSection title={t('info.title')} description={t('info.description')} titleRef={titleRef}>
      <TextInput
        label={t('info.name')}
        readOnly={nameFixed}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        error={errorOf('name')}
        errorValues={{ max: L.nameMaxLength }}
        helperText={nameFixed ? t('info.nameFixed') : t('info.nameHelp', { count: name.length, max: L.nameMaxLength })}
        {...register('name')}
      />
      <Textarea
        label={t('info.descriptionLabel')}
        rows={2}
        disabled={disabled}
        error={errorOf('description')}
        errorValues={{ max: L.descriptionMaxLength }}
        helperText={t('counter', { count: formatCount(description.length), max: formatCount(L.descriptionMaxLength) })}
        {...register('description')}
      />
      <Controller
        control={control}
        name="category"
        render={({ field }) => (
          <div className={formLayout.group}>
            <RadioCardGroup
              legend={t('info.category')}
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={disabled}
              invalid={Boolean(categoryError)}
              aria-describedby={categoryError ? 'template-category-error' : undefined}
              options={WHATSAPP_TEMPLATE_CATEGORIES.map((category) => ({
                value: category,
                content: (
                  <span className={choice}>
                    <span className={choiceTitle}>{tDetail(`category.${category}.label`)}</span>
                    <span className={choiceText}>{tDetail(`category.${category}.description`)}</span>
                  </span>
                ),
              }))}
            />
            {categoryError ? (
              <p id="template-category-error" className={formLayout.alert}>
                {categoryError}
              </p>
            ) : null}
          </div>
        )}
      />
    </FormSection>
  );
}
