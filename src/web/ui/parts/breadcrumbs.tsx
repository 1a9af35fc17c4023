import { ark } from '@ark-ui/react/factory';
import { breadcrumbs } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(breadcrumbs);

export const Root = withProvider(ark.nav, 'root');
export const List = withContext(ark.ol, 'list');
export const Item = withContext(ark.li, 'item');
/** A plain link, or with `asChild` the router's link as its only child. */
export const Link = withContext(ark.a, 'link');
/** The current page (or an entry without a link): text, not a link. */
export const Current = withContext(ark.span, 'current');
export const Separator = withContext(ark.span, 'separator');
