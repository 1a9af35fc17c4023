import { ark } from '@ark-ui/react/factory';
import { dataTable } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(dataTable);

export const Root = withProvider(ark.div, 'root');
/** Holds the scroller still: `data-scroll-start` / `data-scroll-end` fade the sides that hide columns. */
export const Frame = withContext(ark.div, 'frame');
/** Scrolls a wide table sideways. */
export const Scroller = withContext(ark.div, 'scroller');
export const Table = withContext(ark.table, 'table');
export const Caption = withContext(ark.caption, 'caption');
/** `data-sortable` when a column can be sorted: on a phone only then is it shown, as sort buttons. */
export const Head = withContext(ark.thead, 'head');
/** `data-sort-label`: the words before the sort buttons on a phone. */
export const HeaderRow = withContext(ark.tr, 'headerRow');
/** `data-align="end"` lines figures up at the end, like their cells; `data-sortable` when it holds a sort button. */
export const HeaderCell = withContext(ark.th, 'headerCell');
/** `data-sorted` while the column is the sort key. */
export const SortButton = withContext(ark.button, 'sortButton');
export const SortIcon = withContext(ark.svg, 'sortIcon');
export const Body = withContext(ark.tbody, 'body');
export const Row = withContext(ark.tr, 'row');
/** `data-align="end"` for figures; `data-label`: its column's name, shown above it on a phone; `data-empty` when it shows nothing. */
export const Cell = withContext(ark.td, 'cell');
/** The one cell across the table that holds its empty or error state. */
export const State = withContext(ark.td, 'state');
export const Footer = withContext(ark.div, 'footer');
