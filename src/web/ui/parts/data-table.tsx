import { ark } from '@ark-ui/react/factory';
import { dataTable } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(dataTable);

export const Root = withProvider(ark.div, 'root');
/** Scrolls a wide table sideways. */
export const Scroller = withContext(ark.div, 'scroller');
export const Table = withContext(ark.table, 'table');
export const Caption = withContext(ark.caption, 'caption');
/** `data-align="end"` lines figures up at the end, like their cells. */
export const HeaderCell = withContext(ark.th, 'headerCell');
/** `data-sorted` while the column is the sort key. */
export const SortButton = withContext(ark.button, 'sortButton');
export const SortIcon = withContext(ark.svg, 'sortIcon');
export const Row = withContext(ark.tr, 'row');
/** `data-align="end"` for figures. */
export const Cell = withContext(ark.td, 'cell');
/** The one cell across the table that holds its empty or error state. */
export const State = withContext(ark.td, 'state');
export const Footer = withContext(ark.div, 'footer');
