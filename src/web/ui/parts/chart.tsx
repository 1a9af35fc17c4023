import { ark } from '@ark-ui/react/factory';
import { chart } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

// Light on purpose: the chart's frame and placeholder use these parts while the chart's code still loads.
const { withProvider, withContext } = createStyleContext(chart);

export const Root = withProvider(ark.section, 'root');
export const Header = withContext(ark.header, 'header');
/** Title and description, beside the header's action. */
export const Heading = withContext(ark.div, 'heading');
export const Title = withContext(ark.h2, 'title');
export const Description = withContext(ark.p, 'description');
/** Switches between the chart and its table. */
export const Toggle = withContext(ark.button, 'toggle');
export const Canvas = withContext(ark.div, 'canvas');
export const Placeholder = withContext(ark.div, 'placeholder');
/** The series under the chart: a swatch and the full label each. */
export const Legend = withContext(ark.ul, 'legend');
export const LegendItem = withContext(ark.li, 'legendItem');
/** A series' mark in small: a line, a bar, a dotted line, a partial period's mark. */
export const Swatch = withContext(ark.svg, 'swatch');
/** Says what a partial period is, under a chart that has one. */
export const Note = withContext(ark.p, 'note');
export const Tooltip = withContext(ark.div, 'tooltip');
export const TooltipTitle = withContext(ark.div, 'tooltipTitle');
export const TooltipItem = withContext(ark.div, 'tooltipItem');
export const TooltipValue = withContext(ark.span, 'tooltipValue');
