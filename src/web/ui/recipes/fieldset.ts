import { fieldsetAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** Groups of controls with one legend: radio groups, the age pair, country code and phone number. */
export const fieldsetRecipe = defineSlotRecipe({
  className: 'fieldset',
  jsx: ['Fieldset', 'AgeRange', 'PhoneInput', 'RadioGroup'],
  slots: [...fieldsetAnatomy.keys(), 'row', 'separator', 'countryCode'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full', m: '0', p: '0', border: 'none', minW: '0' },
    legend: { p: '0', mb: '1.5', fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    row: { display: 'flex', alignItems: 'flex-end', gap: '2' },
    countryCode: { flexShrink: '0', w: '40' },
    separator: { h: '10', display: 'inline-flex', alignItems: 'center', color: 'fg.muted' },
    helperText: { fontSize: 'sm', color: 'fg.muted' },
    errorText: { fontSize: 'sm', color: 'danger.text' },
  },
});
