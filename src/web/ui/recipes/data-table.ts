import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './shared';
import { surfacePanel } from './surface';

/** The fade on a side of the table that hides columns: there is more to scroll to. */
const edgeShadow = (direction: 'right' | 'left') => ({
  content: '""',
  position: 'absolute',
  insetY: '0',
  w: '6',
  pointerEvents: 'none',
  zIndex: '1',
  opacity: '0',
  bg: `linear-gradient(to ${direction}, color-mix(in srgb, {colors.gray.900} 16%, transparent), transparent)`,
});

/*
 * Wide screens get a real table. When its columns need more room than there is, it scrolls sideways
 * with a fade on the side that hides some, and headers wrap before anything is hidden.
 * Phones (below sm) get one block per row, read top to bottom: the first column as its heading, then
 * every other value under its column's name; the sortable headers become a row of sort buttons above.
 * The elements keep explicit table roles (data-table.tsx): without them some browsers forget the
 * table once its parts stop displaying as one.
 */
export const dataTableRecipe = defineSlotRecipe({
  className: 'data-table',
  jsx: ['DataTable'],
  slots: [
    'root',
    'frame',
    'scroller',
    'table',
    'caption',
    'head',
    'headerRow',
    'headerCell',
    'sortButton',
    'sortIcon',
    'body',
    'row',
    'cell',
    'state',
    'footer',
  ],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      w: 'full',
      ...surfacePanel,
      overflow: 'hidden',
    },
    frame: {
      position: 'relative',
      borderRadius: 'inherit',
      _before: { ...edgeShadow('right'), insetStart: '0' },
      _after: { ...edgeShadow('left'), insetEnd: '0' },
      '&[data-scroll-start]': { _before: { opacity: '1' } },
      '&[data-scroll-end]': { _after: { opacity: '1' } },
    },
    // The root clips its corners, so the focus ring is drawn inside.
    scroller: { overflowX: 'auto', borderRadius: 'inherit', _focusVisible: { ...focusRing, outlineOffset: '-2px' } },
    table: { w: 'full', borderCollapse: 'collapse', fontSize: 'sm', smDown: { display: 'block' } },
    caption: { srOnly: true },
    head: { smDown: { display: 'block', '&:not([data-sortable])': { srOnly: true } } },
    headerRow: {
      smDown: {
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '2',
        px: '4',
        py: '3',
        bg: 'bg.canvas',
        borderBottomWidth: '1px',
        borderBottomStyle: 'solid',
        borderBottomColor: 'border.default',
        // "Ordenar por", from the row's attribute: the text lives in the i18n files.
        _before: { content: 'attr(data-sort-label)', fontSize: 'sm', color: 'fg.muted' },
      },
    },
    // 12 px each side: a segment's seven member columns fit beside the sidebar of a 1280-px laptop.
    headerCell: {
      px: '3',
      py: '3',
      textAlign: 'start',
      fontWeight: 'semibold',
      color: 'fg.muted',
      bg: 'bg.canvas',
      borderBottomWidth: '1px',
      borderBottomStyle: 'solid',
      borderBottomColor: 'border.default',
      verticalAlign: 'bottom',
      '&[data-align=end]': { textAlign: 'end' },
      smDown: {
        display: 'block',
        p: '0',
        borderBottomWidth: '0',
        '&:not([data-sortable])': { srOnly: true },
      },
    },
    sortButton: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      font: 'inherit',
      textAlign: 'inherit',
      color: 'inherit',
      bg: 'transparent',
      cursor: 'pointer',
      borderRadius: 'sm',
      _hover: { color: 'fg.default' },
      _focusVisible: focusRing,
      '&[data-sorted]': { color: 'fg.default' },
      smDown: {
        h: '8',
        px: '3',
        fontWeight: 'medium',
        whiteSpace: 'nowrap',
        bg: 'bg.surface',
        borderWidth: '1px',
        borderStyle: 'solid',
        borderColor: 'border.default',
        borderRadius: 'full',
        '&[data-sorted]': { color: 'accent.text', bg: 'accent.subtle', borderColor: 'accent.default' },
      },
    },
    sortIcon: { w: '4', h: '4', flexShrink: '0' },
    body: { smDown: { display: 'block' } },
    row: {
      borderBottomWidth: '1px',
      borderBottomStyle: 'solid',
      borderBottomColor: 'border.default',
      _last: { borderBottomWidth: '0' },
      _hover: { bg: 'bg.canvas' },
      smDown: {
        display: 'grid',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        columnGap: '4',
        rowGap: '3',
        p: '4',
        _hover: { bg: 'transparent' },
      },
    },
    cell: {
      px: '3',
      py: '3',
      color: 'fg.default',
      fontVariantNumeric: 'tabular-nums',
      '&[data-align=end]': { textAlign: 'end' },
      smDown: {
        display: 'block',
        p: '0',
        minW: '0',
        fontWeight: 'medium',
        overflowWrap: 'anywhere',
        '&[data-align=end]': { textAlign: 'start' },
        // Nothing to show, nothing to label (an owner has no remove button).
        '&[data-empty]': { display: 'none' },
        // Its column's name above the value. Screen readers hear it too, as they would the header.
        '&[data-label]::before': {
          content: 'attr(data-label)',
          display: 'block',
          mb: '0.5',
          fontSize: 'xs',
          fontWeight: 'normal',
          color: 'fg.muted',
        },
        // The row's first column names it: its heading, across the block.
        _first: { gridColumn: '1 / -1', fontSize: 'md', fontWeight: 'semibold' },
      },
    },
    state: { p: '0', smDown: { display: 'block' } },
    footer: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'flex-end',
      px: '4',
      py: '3',
      borderTopWidth: '1px',
      borderTopStyle: 'solid',
      borderTopColor: 'border.default',
    },
  },
});
