import { checkboxAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { choiceControl, toggleRoot } from './shared';

export const checkboxRecipe = defineSlotRecipe({
  className: 'checkbox',
  jsx: ['Checkbox'],
  slots: checkboxAnatomy.keys(),
  base: {
    root: toggleRoot,
    control: {
      ...choiceControl,
      color: 'accent.fg',
      borderRadius: 'sm',
      _checked: { bg: 'accent.default', borderColor: 'accent.default' },
      '& svg': { w: '3.5', h: '3.5' },
    },
    indicator: { display: 'inline-flex' },
    label: { fontSize: 'sm', color: 'fg.default' },
    group: { display: 'flex', flexDirection: 'column', gap: '2' },
  },
});
