import { ark } from '@ark-ui/react/factory';
import { messagePreview } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(messagePreview);

export const Root = withProvider(ark.figure, 'root');
export const Bubble = withContext(ark.div, 'bubble');
export const Media = withContext(ark.div, 'media');
/** The icon that stands in for media without a file; an `<svg>` through `asChild`. */
export const MediaIcon = withContext(ark.svg, 'mediaIcon');
export const Document = withContext(ark.div, 'document');
export const Header = withContext(ark.p, 'header');
export const Body = withContext(ark.p, 'body');
/** A variable with its value. */
export const Variable = withContext(ark.span, 'variable');
/** A variable without a value yet, shown as its placeholder. */
export const Missing = withContext(ark.mark, 'missing');
export const Footer = withContext(ark.p, 'footer');
export const Buttons = withContext(ark.ul, 'buttons');
export const Button = withContext(ark.li, 'button');
export const ListTitle = withContext(ark.li, 'listTitle');
