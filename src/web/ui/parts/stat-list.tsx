import { ark } from '@ark-ui/react/factory';
import { statList } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(statList);

export const Root = withProvider(ark.dl, 'root');
/** One label and value pair. */
export const Item = withContext(ark.div, 'item');
export const Label = withContext(ark.dt, 'label');
export const Value = withContext(ark.dd, 'value');
