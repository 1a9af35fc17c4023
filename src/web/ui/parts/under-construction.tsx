import { ark } from '@ark-ui/react/factory';
import { underConstruction } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(underConstruction);

export const Root = withProvider(ark.section, 'root');
export const Title = withContext(ark.h1, 'title');
export const Description = withContext(ark.p, 'description');
