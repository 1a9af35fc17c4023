import { ark } from '@ark-ui/react/factory';
import { loadingScreen } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(loadingScreen);

export const Root = withProvider(ark.div, 'root');
export const Label = withContext(ark.p, 'label');
