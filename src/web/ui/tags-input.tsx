import { useFieldContext } from '@ark-ui/react/field';
import { TagsInput as ArkTagsInput } from '@ark-ui/react/tags-input';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagsInput } from 'styled-system/recipes';
import { FieldRoot, type FieldShellProps } from './field';
import { Icon } from './icons';

export interface TagsInputProps extends Omit<FieldShellProps, 'children'> {
  id?: string;
  name?: string;
  value?: string[];
  defaultValue?: string[];
  onValueChange?: (value: string[]) => void;
  /** The most tags the field accepts; the count shows below it. */
  max: number;
  placeholder?: string;
}

/** The text box, named by the field's label (which points at the hidden input that holds the tags). */
function LabelledInput({ className, placeholder }: { className: string; placeholder: string | undefined }) {
  const fieldContext = useFieldContext();
  return <ArkTagsInput.Input className={className} placeholder={placeholder} aria-labelledby={fieldContext?.ids.label} />;
}

/** Free tags typed one by one (Enter or comma adds one), up to a maximum count. */
export function TagsInput({
  label,
  error,
  errorValues,
  helperText,
  required,
  disabled,
  id,
  name,
  value,
  defaultValue,
  onValueChange,
  max,
  placeholder,
}: TagsInputProps) {
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const { t } = useTranslation('common');
  const classes = tagsInput();
  const [count, setCount] = useState((value ?? defaultValue ?? []).length);
  const [overflow, setOverflow] = useState(false);
  const shownCount = value?.length ?? count;
  const counter = t('ui.tagsInput.count', { count: shownCount, max });
  return (
    <FieldRoot
      label={label}
      error={error ?? (overflow ? t('ui.tagsInput.maxReached', { max }) : undefined)}
      errorValues={errorValues}
      helperText={helperText ? `${String(helperText)} ${counter}` : counter}
      required={required}
      disabled={disabled}
    >
      <ArkTagsInput.Root
        id={id ?? autoId}
        name={name}
        className={classes.root}
        value={value}
        defaultValue={defaultValue}
        max={max}
        addOnPaste
        delimiter=","
        onValueChange={(details) => {
          setCount(details.value.length);
          setOverflow(false);
          onValueChange?.(details.value);
        }}
        onValueInvalid={(details) => setOverflow(details.reason === 'rangeOverflow')}
        translations={{ deleteTagTriggerLabel: (tag) => t('ui.tagsInput.remove', { value: tag }) }}
      >
        <ArkTagsInput.Context>
          {(api) => (
            <ArkTagsInput.Control className={classes.control}>
              {api.value.map((tag, index) => (
                <ArkTagsInput.Item key={tag} index={index} value={tag} className={classes.item}>
                  <ArkTagsInput.ItemPreview className={classes.itemPreview}>
                    <ArkTagsInput.ItemText className={classes.itemText}>{tag}</ArkTagsInput.ItemText>
                    <ArkTagsInput.ItemDeleteTrigger className={classes.itemDeleteTrigger}>
                      <Icon name="close" />
                    </ArkTagsInput.ItemDeleteTrigger>
                  </ArkTagsInput.ItemPreview>
                  <ArkTagsInput.ItemInput className={classes.itemInput} />
                </ArkTagsInput.Item>
              ))}
              <LabelledInput className={classes.input} placeholder={api.value.length < max ? placeholder : undefined} />
            </ArkTagsInput.Control>
          )}
        </ArkTagsInput.Context>
        <ArkTagsInput.HiddenInput />
      </ArkTagsInput.Root>
    </FieldRoot>
  );
}
