import { Menu } from '@ark-ui/react/menu';
import { menu } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withRootProvider, withContext } = createStyleContext(menu);

export const Root = withRootProvider(Menu.Root);
export const Trigger = withContext(Menu.Trigger, 'trigger');
export const ContextTrigger = withContext(Menu.ContextTrigger, 'contextTrigger');
export const Indicator = withContext(Menu.Indicator, 'indicator');
export const Positioner = withContext(Menu.Positioner, 'positioner');
export const Content = withContext(Menu.Content, 'content');
export const Arrow = withContext(Menu.Arrow, 'arrow');
export const ArrowTip = withContext(Menu.ArrowTip, 'arrowTip');
export const Item = withContext(Menu.Item, 'item');
export const ItemText = withContext(Menu.ItemText, 'itemText');
export const ItemIndicator = withContext(Menu.ItemIndicator, 'itemIndicator');
export const ItemGroup = withContext(Menu.ItemGroup, 'itemGroup');
export const ItemGroupLabel = withContext(Menu.ItemGroupLabel, 'itemGroupLabel');
export const TriggerItem = withContext(Menu.TriggerItem, 'triggerItem');
export const Separator = withContext(Menu.Separator, 'separator');
