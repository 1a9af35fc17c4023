import { ark } from '@ark-ui/react/factory';
import { appShell } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(appShell);

// The signed-in frame: the sidebar beside the page area.
export const Root = withProvider(ark.div, 'root');
export const Aside = withContext(ark.aside, 'aside');
export const Main = withContext(ark.main, 'main');
export const Banners = withContext(ark.div, 'banners');
