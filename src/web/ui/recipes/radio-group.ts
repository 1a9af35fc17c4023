import { radioGroupAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { choiceControl, toggleRoot } from './shared';

export const radioGroupRecipe = defineSlotRecipe({
  className: 'radio-group',
  jsx: ['RadioGroup'],
  slots: radioGroupAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    item: toggleRoot,
    itemControl: {
      ...choiceControl,
      borderRadius: 'full',
      _checked: { borderColor: 'accent.default', borderWidth: '6px' },
    },
    itemText: { fontSize: 'sm', color: 'fg.default' },
    indicator: {},
  },
  variants: {
    orientation: {
      vertical: { root: { flexDirection: 'column' } },
      horizontal: { root: { flexDirection: 'row', flexWrap: 'wrap', gap: '4' } },
    },
  },
  defaultVariants: { orientation: 'vertical' },
});
