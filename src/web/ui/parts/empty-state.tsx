import { ark } from '@ark-ui/react/factory';
import { emptyState } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(emptyState);

export const Root = withProvider(ark.div, 'root');
export const Icon = withContext(ark.div, 'icon');
export const Title = withContext(ark.p, 'title');
export const Description = withContext(ark.p, 'description');
export const Action = withContext(ark.div, 'action');
