import { numberInputAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { controlBase, focusRing } from './shared';

const stepTrigger = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: '1',
  w: '8',
  color: 'fg.muted',
  bg: 'transparent',
  cursor: 'pointer',
  _hover: { _enabled: { bg: 'bg.muted', color: 'fg.default' } },
  _focusVisible: focusRing,
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
  '& svg': { w: '3.5', h: '3.5' },
} as const;

export const numberInputRecipe = defineSlotRecipe({
  className: 'number-input',
  jsx: ['NumberInput', 'AgeRange'],
  slots: numberInputAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    control: { position: 'relative', display: 'flex', alignItems: 'stretch', w: 'full' },
    input: { ...controlBase, h: '10', pe: '10', fontVariantNumeric: 'tabular-nums' },
    valueText: {},
    scrubber: {},
    incrementTrigger: {
      ...stepTrigger,
      position: 'absolute',
      insetEnd: '1px',
      top: '1px',
      h: '4.5',
      borderTopRightRadius: 'md',
    },
    decrementTrigger: {
      ...stepTrigger,
      position: 'absolute',
      insetEnd: '1px',
      bottom: '1px',
      h: '4.5',
      borderBottomRightRadius: 'md',
    },
  },
});
