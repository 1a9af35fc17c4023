// Style fragments that several recipes share, so that every control looks and focuses alike.

export const focusRing = {
  outlineWidth: '2px',
  outlineStyle: 'solid',
  outlineColor: 'accent.focus',
  outlineOffset: '2px',
} as const;

export const controlBase = {
  w: 'full',
  minH: '10',
  px: '3',
  fontFamily: 'body',
  fontSize: 'md',
  color: 'fg.default',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  borderRadius: 'md',
  outline: 'none',
  _focusVisible: { borderColor: 'accent.focus', boxShadow: '0 0 0 1px {colors.accent.focus}' },
  _invalid: { borderColor: 'danger.border' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
} as const;

/** The floating panel of menus, popovers, selects and comboboxes. */
export const floatingPanel = {
  display: 'flex',
  flexDirection: 'column',
  minW: '48',
  p: '1',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.default',
  borderRadius: 'md',
  boxShadow: 'lg',
  outline: 'none',
  // Above the shell's top bar and its navigation drawer (10 and 50, see app-shell.ts), so a menu or
  // select opened from the drawer shows over it; Ark gives the positioner this layer.
  zIndex: '[55]',
} as const;

/** One choice inside a floating panel. */
export const floatingItem = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  px: '2',
  py: '1.5',
  borderRadius: 'sm',
  fontSize: 'sm',
  color: 'fg.default',
  cursor: 'pointer',
  _highlighted: { bg: 'bg.muted' },
  _disabled: { color: 'fg.subtle', cursor: 'not-allowed' },
} as const;

export const iconSize = { w: 'icon', h: 'icon', flexShrink: '0' } as const;

/** A small square button holding an icon: close, reveal, open a list, remove a tag. */
export const iconTrigger = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: '0',
  borderRadius: 'sm',
  color: 'fg.muted',
  bg: 'transparent',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  _focusVisible: focusRing,
} as const;

/** The slots of a list box (select, combobox) below its control. */
export const listBoxSlots = {
  positioner: {},
  content: { ...floatingPanel, maxH: '64', overflowY: 'auto' },
  list: {},
  item: floatingItem,
  itemText: { flex: '1' },
  itemIndicator: { color: 'accent.text', '& svg': { w: '4', h: '4' } },
  itemGroup: {},
  itemGroupLabel: { px: '2', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
} as const;

/** The clickable row of a checkbox or switch: the control and its label. */
export const toggleRoot = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  cursor: 'pointer',
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
} as const;

/** The box of a checkbox or the circle of a radio button. */
export const choiceControl = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: '0',
  w: '5',
  h: '5',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  _invalid: { borderColor: 'danger.border' },
  _focusVisible: focusRing,
} as const;
