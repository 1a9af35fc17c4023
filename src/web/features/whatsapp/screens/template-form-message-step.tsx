import { type Ref, useRef } from 'react';
import { Controller, type UseFormGetValues, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { formatCount } from '../../../../shared/format';
import {
  canAddButton,
  canAddVariable,
  URL_SUFFIX_VARIABLE,
  variableNameFor,
  variablesIn,
  WHATSAPP_TEMPLATE_BUTTON_TYPES,
  WHATSAPP_TEMPLATE_HEADER_FORMATS,
  WHATSAPP_TEMPLATE_LIMITS,
  WHATSAPP_TEMPLATE_VARIABLE_TYPES,
  type WhatsappTemplateButtonType,
  type WhatsappTemplateVariableType,
} from '../../../../shared/whatsapp-templates';
import { ActionsMenu } from '../../../ui/actions-menu';
import { Button } from '../../../ui/button';
import { Textarea, TextInput, useFieldErrorText } from '../../../ui/field';
import { FormSection, formLayout } from '../../../ui/form-layout';
import { Select } from '../../../ui/select';
import { DEFAULT_VARIABLE_EXAMPLES, emptyButton, isMediaHeader, type TemplateFormValues } from '../forms/template-form';
import { HeaderFileDrop } from './header-file-drop';
import type { TemplateFormProps, TemplateStepProps } from './template-form-props';

const L = WHATSAPP_TEMPLATE_LIMITS;

const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });
const limitNote = css({ textStyle: 'note', color: 'fg.muted', m: '0' });
const buttonCard = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  listStyle: 'none',
});
const buttonList = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '0', m: '0' });
const buttonHead = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3' });
const buttonType = css({ fontWeight: 'semibold', fontSize: 'sm', color: 'fg.default' });

export interface TemplateMessageStepProps extends TemplateStepProps, Pick<TemplateFormProps, 'onUploadHeaderFile' | 'onButtonLimit'> {
  setValue: UseFormSetValue<TemplateFormValues>;
  getValues: UseFormGetValues<TemplateFormValues>;
  titleRef?: Ref<HTMLHeadingElement> | undefined;
}

/** The variables menu: each of SPEC §3's variables with its example; closed at the limit ("no more variables"). */
function VariableMenu({
  id,
  label,
  canAdd,
  taken,
  onInsert,
  disabled,
}: {
  id: string;
  label: string;
  canAdd: boolean;
  taken: readonly string[];
  onInsert: (type: WhatsappTemplateVariableType) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('templateDetail');
  if (!canAdd || disabled)
    return (
      <Button variant="outline" size="sm" disabled>
        {label}
      </Button>
    );
  return (
    <ActionsMenu
      id={id}
      trigger={
        <Button variant="outline" size="sm">
          {label}
        </Button>
      }
      items={WHATSAPP_TEMPLATE_VARIABLE_TYPES.map((type) => ({
        value: type,
        label: t('variable.option', {
          label: t(`variable.${type}`),
          example: type === 'TEXT' ? t('variable.textExample') : DEFAULT_VARIABLE_EXAMPLES[type],
        }),
        // Each customer or product variable once; free texts as many as fit.
        disabled: type !== 'TEXT' && taken.includes(variableNameFor(type, taken)),
      }))}
      onSelect={(value) => onInsert(value as WhatsappTemplateVariableType)}
    />
  );
}

/** Step 2: the header, the message with its variables, the footer and the buttons (SPEC §3, §5). */
export function TemplateMessageStep({
  control,
  register,
  errorOf,
  disabled,
  setValue,
  getValues,
  onUploadHeaderFile,
  onButtonLimit,
  titleRef,
}: TemplateMessageStepProps) {
  const { t } = useTranslation('createTemplate');
  const { t: tDetail } = useTranslation('templateDetail');
  const [header, body, footer, variables, buttons] = useWatch({ control, name: ['header', 'body', 'footer', 'variables', 'buttons'] });
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const headerRef = useRef<HTMLInputElement | null>(null);
  const counter = (text: string, max: number) => t('counter', { count: formatCount(text.length), max: formatCount(max) });
  const fileError = useFieldErrorText(errorOf('header.file'));
  const buttonsError = useFieldErrorText(errorOf('buttons'));
  const bodyVariables = variablesIn(body);
  const headerVariables = header.format === 'TEXT' ? variablesIn(header.text) : [];
  const used = [...new Set([...headerVariables, ...bodyVariables])];
  const declared = variables.map((variable) => variable.name);

  /** Writes `{{name}}` where the cursor is (or at the end) and declares the variable with an example. */
  const insertVariable = (target: 'body' | 'header.text', type: WhatsappTemplateVariableType) => {
    const name = variableNameFor(type, type === 'TEXT' ? declared : [...(target === 'body' ? bodyVariables : headerVariables)]);
    const element = target === 'body' ? bodyRef.current : headerRef.current;
    const text = target === 'body' ? getValues('body') : getValues('header.text');
    const at = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? at;
    const written = `{{${name}}}`;
    setValue(target, `${text.slice(0, at)}${written}${text.slice(end)}`, { shouldDirty: true });
    if (!declared.includes(name))
      setValue('variables', [...getValues('variables'), { name, type, example: type === 'TEXT' ? '' : DEFAULT_VARIABLE_EXAMPLES[type] }], {
        shouldDirty: true,
      });
    element?.focus();
  };

  const addButton = (type: WhatsappTemplateButtonType) => {
    const current = getValues('buttons');
    if (!canAddButton(current, type)) {
      onButtonLimit(type);
      return;
    }
    setValue('buttons', [...current, emptyButton(type)], { shouldDirty: true });
  };
  const removeButton = (index: number) =>
    setValue(
      'buttons',
      getValues('buttons').filter((_, other) => other !== index),
      { shouldDirty: true },
    );

  const { ref: bodyFieldRef, ...bodyField } = register('body');
  const { ref: headerFieldRef, ...headerField } = register('header.text');
  const bodyCanAdd = canAddVariable(body);

  return (
    <FormSection title={t('message.title')} description={t('message.description')} titleRef={titleRef}>
      <div className={formLayout.group}>
        <h3 className={formLayout.groupTitle}>{t('header.title')}</h3>
        <Controller
          control={control}
          name="header.format"
          render={({ field }) => (
            <Select
              id="template-header-format"
              label={t('header.format')}
              disabled={disabled}
              options={WHATSAPP_TEMPLATE_HEADER_FORMATS.map((format) => ({ value: format, label: tDetail(`headerFormat.${format}`) }))}
              value={field.value}
              onValueChange={(format) => {
                if (!format || format === field.value) return;
                field.onChange(format);
                setValue('header.file', null, { shouldDirty: true });
              }}
            />
          )}
        />
        {header.format === 'TEXT' ? (
          <>
            <TextInput
              label={t('header.text')}
              disabled={disabled}
              error={errorOf('header.text')}
              errorValues={{ max: L.headerTextMaxLength }}
              helperText={counter(header.text, L.headerTextMaxLength)}
              ref={(element) => {
                headerFieldRef(element);
                headerRef.current = element;
              }}
              {...headerField}
            />
            <div className={row}>
              <VariableMenu
                id="template-header-variables"
                label={t('variables.insert')}
                canAdd={headerVariables.length < L.headerVariablesMax}
                taken={headerVariables}
                onInsert={(type) => insertVariable('header.text', type)}
                disabled={disabled}
              />
              {headerVariables.length >= L.headerVariablesMax ? <p className={limitNote}>{t('variables.headerLimit')}</p> : null}
            </div>
          </>
        ) : null}
        {isMediaHeader(header.format) ? (
          <HeaderFileDrop
            format={header.format}
            label={t(`header.file.label.${header.format}`)}
            file={header.file}
            onChange={(file, uploaded) => setValue('header.file', file, { shouldDirty: true, shouldValidate: uploaded })}
            onUpload={onUploadHeaderFile}
            disabled={disabled}
            error={fileError}
          />
        ) : null}
      </div>

      <div className={formLayout.group}>
        <Textarea
          label={t('body.label')}
          rows={6}
          disabled={disabled}
          error={errorOf('body')}
          errorValues={{ max: formatCount(L.bodyMaxLength) }}
          helperText={counter(body, L.bodyMaxLength)}
          ref={(element) => {
            bodyFieldRef(element);
            bodyRef.current = element;
          }}
          {...bodyField}
        />
        <div className={row}>
          <VariableMenu
            id="template-body-variables"
            label={t('variables.insert')}
            canAdd={bodyCanAdd}
            taken={bodyVariables}
            onInsert={(type) => insertVariable('body', type)}
            disabled={disabled}
          />
          <p className={limitNote} role={bodyCanAdd ? undefined : 'status'}>
            {bodyCanAdd ? t('variables.help') : t('variables.limit')}
          </p>
        </div>
      </div>

      {used.length > 0 ? (
        <div className={formLayout.group}>
          <h3 className={formLayout.groupTitle}>{t('variables.examplesTitle')}</h3>
          <p className={limitNote}>{t('variables.examplesHelp')}</p>
          {variables.map((variable, index) =>
            used.includes(variable.name) ? (
              <TextInput
                key={variable.name}
                label={t('variables.example', { variable: tDetail(`variable.${variable.type}`), name: variable.name })}
                disabled={disabled}
                error={errorOf(`variables.${index}.example`)}
                errorValues={{ max: L.exampleMaxLength }}
                {...register(`variables.${index}.example`)}
              />
            ) : null,
          )}
        </div>
      ) : null}

      <TextInput
        label={t('footer.label')}
        disabled={disabled}
        error={errorOf('footer')}
        errorValues={{ max: L.footerMaxLength }}
        helperText={counter(footer, L.footerMaxLength)}
        {...register('footer')}
      />

      <div className={formLayout.group}>
        <h3 className={formLayout.groupTitle}>{t('buttons.title')}</h3>
        <p className={limitNote}>{t('buttons.help', { max: L.buttonsMax, urlMax: L.urlButtonsMax, phoneMax: L.phoneButtonsMax })}</p>
        {buttons.length > 0 ? (
          <ul className={buttonList} aria-label={t('buttons.listLabel')}>
            {buttons.map((button, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a button is its place in the list (Meta keeps the order).
              <li key={index} className={buttonCard}>
                <div className={buttonHead}>
                  <span className={buttonType}>{tDetail(`buttonType.${button.type}`)}</span>
                  <Button variant="ghost" size="sm" onClick={() => removeButton(index)} disabled={disabled}>
                    {t('buttons.remove')}
                  </Button>
                </div>
                <TextInput
                  label={t('buttons.text')}
                  disabled={disabled}
                  error={errorOf(`buttons.${index}.text`) ?? errorOf(`buttons.${index}.type`)}
                  errorValues={{ max: L.buttonTextMaxLength }}
                  helperText={counter(button.text, L.buttonTextMaxLength)}
                  {...register(`buttons.${index}.text`)}
                />
                {button.type === 'URL' ? (
                  <>
                    <TextInput
                      label={t('buttons.url')}
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      disabled={disabled}
                      error={errorOf(`buttons.${index}.url`)}
                      helperText={t('buttons.urlHelp', { suffix: URL_SUFFIX_VARIABLE })}
                      {...register(`buttons.${index}.url`)}
                    />
                    {button.url.trim().endsWith(URL_SUFFIX_VARIABLE) ? (
                      <TextInput
                        label={t('buttons.urlExample')}
                        disabled={disabled}
                        error={errorOf(`buttons.${index}.urlExample`)}
                        helperText={t('buttons.urlExampleHelp')}
                        {...register(`buttons.${index}.urlExample`)}
                      />
                    ) : null}
                  </>
                ) : null}
                {button.type === 'PHONE_NUMBER' || button.type === 'WHATSAPP_NUMBER' ? (
                  <div className={formLayout.pair}>
                    <TextInput
                      label={t('buttons.countryCode')}
                      inputMode="numeric"
                      disabled={disabled}
                      error={errorOf(`buttons.${index}.phoneCountryCode`)}
                      {...register(`buttons.${index}.phoneCountryCode`)}
                    />
                    <TextInput
                      label={t('buttons.phoneNumber')}
                      type="tel"
                      inputMode="tel"
                      disabled={disabled}
                      error={errorOf(`buttons.${index}.phoneNumber`)}
                      {...register(`buttons.${index}.phoneNumber`)}
                    />
                  </div>
                ) : null}
                {button.type === 'CHECKOUT_URL' || button.type === 'REDO_LAST_ORDER_URL' ? (
                  <p className={limitNote}>{t(`buttons.automatic.${button.type}`)}</p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {buttonsError ? <p className={formLayout.alert}>{buttonsError}</p> : null}
        <div>
          <ActionsMenu
            id="template-add-button"
            trigger={
              <Button variant="outline" size="sm" disabled={disabled}>
                {t('buttons.add')}
              </Button>
            }
            items={WHATSAPP_TEMPLATE_BUTTON_TYPES.map((type) => ({ value: type, label: tDetail(`buttonType.${type}`) }))}
            onSelect={(value) => addButton(value as WhatsappTemplateButtonType)}
          />
        </div>
      </div>
    </FormSection>
  );
}
