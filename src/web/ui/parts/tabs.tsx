import { Tabs } from '@ark-ui/react/tabs';
import { tabs } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(tabs);

export const Root = withProvider(Tabs.Root, 'root');
export const List = withContext(Tabs.List, 'list');
export const Trigger = withContext(Tabs.Trigger, 'trigger');
export const Indicator = withContext(Tabs.Indicator, 'indicator');
export const Content = withContext(Tabs.Content, 'content');
