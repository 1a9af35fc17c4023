import { dateRangePicker } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

/**
 * One style context for the picker's parts (./date-range-picker) and its stand-in's
 * (./date-range-trigger): the trigger's text finds its classes under either root, and the stand-in,
 * drawn before the calendar loads, imports nothing of Ark's date picker.
 */
export const { withProvider, withContext } = createStyleContext(dateRangePicker);
