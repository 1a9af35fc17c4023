import { ark } from '@ark-ui/react/factory';
import { Fieldset } from '@ark-ui/react/fieldset';
import { fieldset } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(fieldset);

export const Root = withProvider(Fieldset.Root, 'root');
export const Legend = withContext(Fieldset.Legend, 'legend');
export const HelperText = withContext(Fieldset.HelperText, 'helperText');
export const ErrorText = withContext(Fieldset.ErrorText, 'errorText');
/** The controls of a pair side by side (age range, country code and number). */
export const Row = withContext(ark.div, 'row');
export const Separator = withContext(ark.span, 'separator');
/** The narrow box that holds the calling code's select. */
export const CountryCode = withContext(ark.div, 'countryCode');
