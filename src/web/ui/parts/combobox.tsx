import { Combobox } from '@ark-ui/react/combobox';
import { ark } from '@ark-ui/react/factory';
import { type ComboboxVariantProps, combobox } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(combobox);

// The cast keeps Ark's generic root: the item type flows from `collection` to the callbacks.
export const Root = withProvider(Combobox.Root, 'root') as Combobox.RootComponent<ComboboxVariantProps>;
export const Label = withContext(Combobox.Label, 'label');
export const Control = withContext(Combobox.Control, 'control');
export const Input = withContext(Combobox.Input, 'input');
export const Trigger = withContext(Combobox.Trigger, 'trigger');
export const ClearTrigger = withContext(Combobox.ClearTrigger, 'clearTrigger');
export const Positioner = withContext(Combobox.Positioner, 'positioner');
export const Content = withContext(Combobox.Content, 'content');
export const Empty = withContext(Combobox.Empty, 'empty');
export const List = withContext(Combobox.List, 'list');
export const Item = withContext(Combobox.Item, 'item');
export const ItemText = withContext(Combobox.ItemText, 'itemText');
export const ItemIndicator = withContext(Combobox.ItemIndicator, 'itemIndicator');
export const ItemGroup = withContext(Combobox.ItemGroup, 'itemGroup');
export const ItemGroupLabel = withContext(Combobox.ItemGroupLabel, 'itemGroupLabel');
export const ItemDescription = withContext(ark.span, 'itemDescription');
export const Chosen = withContext(ark.ul, 'chosen');
export const ChosenItem = withContext(ark.li, 'chosenItem');
export const ChosenRemove = withContext(ark.button, 'chosenRemove');
