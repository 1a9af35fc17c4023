import { ark } from '@ark-ui/react/factory';
import { appShell } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(appShell);

// The signed-in frame: the sidebar beside the page area, or a top bar and a drawer on narrow screens.
export const Root = withProvider(ark.div, 'root');
/** Hidden until focused: the first stop of the keyboard jumps past the navigation. */
export const SkipLink = withContext(ark.a, 'skipLink');
export const TopBar = withContext(ark.header, 'topBar');
export const Brand = withContext(ark.span, 'brand');
export const MenuButton = withContext(ark.button, 'menuButton');
/** `data-state="open"` shows it as a drawer under the wide breakpoint. */
export const Aside = withContext(ark.aside, 'aside');
export const Backdrop = withContext(ark.div, 'backdrop');
export const Main = withContext(ark.main, 'main');
export const Banners = withContext(ark.div, 'banners');
