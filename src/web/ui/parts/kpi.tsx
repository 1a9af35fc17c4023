import { ark } from '@ark-ui/react/factory';
import { kpi } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(kpi);

export const Root = withProvider(ark.article, 'root');
export const Header = withContext(ark.div, 'header');
export const Label = withContext(ark.h2, 'label');
/** The round button that opens the figure's help. */
export const Help = withContext(ark.button, 'help');
export const Value = withContext(ark.p, 'value');
/** The change against the previous period; `data-trend` (better, worse, same) picks its colour. */
export const Change = withContext(ark.p, 'change');
export const Period = withContext(ark.span, 'period');
/** Why a figure reads as it does (an unknown cost and how to know it). */
export const Note = withContext(ark.div, 'note');
export const Error = withContext(ark.div, 'error');
export const Message = withContext(ark.p, 'message');
