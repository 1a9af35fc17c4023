import { ark } from '@ark-ui/react/factory';
import { sidebar } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(sidebar);

export const Root = withProvider(ark.div, 'root');
export const Brand = withContext(ark.div, 'brand');
export const Header = withContext(ark.div, 'header');
export const Nav = withContext(ark.nav, 'nav');
export const List = withContext(ark.ul, 'list');
export const Item = withContext(ark.li, 'item');
/** A plain link, or with `asChild` the router's link as its only child; `aria-current="page"` marks the active one. */
export const Link = withContext(ark.a, 'link');
export const Icon = withContext(ark.span, 'icon');
export const Label = withContext(ark.span, 'label');
export const Badge = withContext(ark.span, 'badge');
/** Text only screen readers read, such as what a badge's count means. */
export const SrOnly = withContext(ark.span, 'srOnly');
export const Footer = withContext(ark.div, 'footer');
