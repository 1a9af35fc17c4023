import { useFieldContext } from '@ark-ui/react/field';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRoot, type FieldShellProps } from './field';
import { Icon } from './icons';
import * as TagsInputParts from './parts/tags-input';

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
function LabelledInput({ placeholder }: { placeholder: string | undefined }) {
  const fieldContext = useFieldContext();
  return <TagsInputParts.Input placeholder={placeholder} aria-labelledby={fieldContext?.ids.label} />;
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
      <TagsInputParts.Root
        id={id ?? autoId}
        name={name}
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
        <TagsInputParts.Context>
          {(api) => (
            <TagsInputParts.Control>
              {api.value.map((tag, index) => (
                <TagsInputParts.Item key={tag} index={index} value={tag}>
                  <TagsInputParts.ItemPreview>
                    <TagsInputParts.ItemText>{tag}</TagsInputParts.ItemText>
                    <TagsInputParts.ItemDeleteTrigger>
                      <Icon name="close" />
                    </TagsInputParts.ItemDeleteTrigger>
                  </TagsInputParts.ItemPreview>
                  <TagsInputParts.ItemInput />
                </TagsInputParts.Item>
              ))}
              <LabelledInput placeholder={api.value.length < max ? placeholder : undefined} />
            </TagsInputParts.Control>
          )}
        </TagsInputParts.Context>
        <TagsInputParts.HiddenInput />
      </TagsInputParts.Root>
    </FieldRoot>
  );
}
