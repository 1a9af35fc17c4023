import { ark } from '@ark-ui/react/factory';
import { pageHeader } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(pageHeader);

export const Root = withProvider(ark.header, 'root');
export const Heading = withContext(ark.div, 'heading');
export const Title = withContext(ark.h1, 'title');
export const Description = withContext(ark.p, 'description');
export const Actions = withContext(ark.div, 'actions');
