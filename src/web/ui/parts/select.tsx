import { Select } from '@ark-ui/react/select';
import { type SelectVariantProps, select } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(select);

// The cast keeps Ark's generic root: the item type flows from `collection` to the callbacks.
export const Root = withProvider(Select.Root, 'root') as Select.RootComponent<SelectVariantProps>;
export const Label = withContext(Select.Label, 'label');
export const Control = withContext(Select.Control, 'control');
export const Trigger = withContext(Select.Trigger, 'trigger');
export const ValueText = withContext(Select.ValueText, 'valueText');
export const Indicator = withContext(Select.Indicator, 'indicator');
export const ClearTrigger = withContext(Select.ClearTrigger, 'clearTrigger');
export const Positioner = withContext(Select.Positioner, 'positioner');
export const Content = withContext(Select.Content, 'content');
export const List = withContext(Select.List, 'list');
export const Item = withContext(Select.Item, 'item');
export const ItemText = withContext(Select.ItemText, 'itemText');
export const ItemIndicator = withContext(Select.ItemIndicator, 'itemIndicator');
export const ItemGroup = withContext(Select.ItemGroup, 'itemGroup');
export const ItemGroupLabel = withContext(Select.ItemGroupLabel, 'itemGroupLabel');
export const HiddenSelect = Select.HiddenSelect;
