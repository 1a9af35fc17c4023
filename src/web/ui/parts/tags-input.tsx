import { TagsInput } from '@ark-ui/react/tags-input';
import { tagsInput } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(tagsInput);

export const Root = withProvider(TagsInput.Root, 'root');
export const Label = withContext(TagsInput.Label, 'label');
export const Control = withContext(TagsInput.Control, 'control');
export const Input = withContext(TagsInput.Input, 'input');
export const ClearTrigger = withContext(TagsInput.ClearTrigger, 'clearTrigger');
export const Item = withContext(TagsInput.Item, 'item');
export const ItemPreview = withContext(TagsInput.ItemPreview, 'itemPreview');
export const ItemText = withContext(TagsInput.ItemText, 'itemText');
export const ItemInput = withContext(TagsInput.ItemInput, 'itemInput');
export const ItemDeleteTrigger = withContext(TagsInput.ItemDeleteTrigger, 'itemDeleteTrigger');
export const Context = TagsInput.Context;
export const HiddenInput = TagsInput.HiddenInput;
