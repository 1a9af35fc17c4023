import { ark } from '@ark-ui/react/factory';
import { card } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(card);

/** A section by default; `as="article"` or `as="div"` where a section does not fit. */
export const Root = withProvider(ark.section, 'root');
export const Header = withContext(ark.header, 'header');
/** The title with what stands beside it (badges). */
export const Heading = withContext(ark.div, 'heading');
export const Title = withContext(ark.h2, 'title');
export const Description = withContext(ark.p, 'description');
export const Body = withContext(ark.div, 'body');
