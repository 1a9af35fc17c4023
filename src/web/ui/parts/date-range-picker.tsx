import { DatePicker } from '@ark-ui/react/date-picker';
import { ark } from '@ark-ui/react/factory';
import { withContext, withProvider } from './date-range-picker-style';

export { TriggerRange, TriggerText } from './date-range-trigger';

export const Root = withProvider(DatePicker.Root, 'root');
/** The root for a picker whose machine the component holds (`useDatePicker`), to close it from its own buttons. */
export const RootProvider = withProvider(DatePicker.RootProvider, 'root');
export const Label = withContext(DatePicker.Label, 'label');
export const Control = withContext(DatePicker.Control, 'control');
export const Input = withContext(DatePicker.Input, 'input');
export const Trigger = withContext(DatePicker.Trigger, 'trigger');
export const ValueText = withContext(DatePicker.ValueText, 'valueText');
export const ClearTrigger = withContext(DatePicker.ClearTrigger, 'clearTrigger');
export const Positioner = withContext(DatePicker.Positioner, 'positioner');
export const Content = withContext(DatePicker.Content, 'content');
export const PresetTrigger = withContext(DatePicker.PresetTrigger, 'presetTrigger');
export const View = withContext(DatePicker.View, 'view');
/** The day view as the calendar's box: one month on a phone, two side by side on wider screens. */
export const Calendar = withContext(DatePicker.View, 'calendar');
/** Everything beside the presets: the months and the typed dates. */
export const Main = withContext(ark.div, 'main');
export const Months = withContext(ark.div, 'months');
/** One month: its title between the month arrows, and its days. */
export const Month = withContext(ark.div, 'month');
/** The two typed dates, Desde and Hasta. */
export const Typed = withContext(ark.div, 'typed');
export const ViewControl = withContext(DatePicker.ViewControl, 'viewControl');
export const ViewTrigger = withContext(DatePicker.ViewTrigger, 'viewTrigger');
export const PrevTrigger = withContext(DatePicker.PrevTrigger, 'prevTrigger');
export const NextTrigger = withContext(DatePicker.NextTrigger, 'nextTrigger');
/** The visible month, in the app's own words (Ark's range text has its own format). */
export const RangeText = withContext(ark.span, 'rangeText');
export const MonthSelect = withContext(DatePicker.MonthSelect, 'monthSelect');
export const YearSelect = withContext(DatePicker.YearSelect, 'yearSelect');
export const Table = withContext(DatePicker.Table, 'table');
export const TableHead = withContext(DatePicker.TableHead, 'tableHead');
export const TableHeader = withContext(DatePicker.TableHeader, 'tableHeader');
export const TableBody = withContext(DatePicker.TableBody, 'tableBody');
export const TableRow = withContext(DatePicker.TableRow, 'tableRow');
export const TableCell = withContext(DatePicker.TableCell, 'tableCell');
export const TableCellTrigger = withContext(DatePicker.TableCellTrigger, 'tableCellTrigger');
export const Context = DatePicker.Context;
export const ErrorText = withContext(ark.p, 'error');
export const Presets = withContext(ark.div, 'presets');
export const Footer = withContext(ark.div, 'footer');
export const GranularityField = withContext(ark.div, 'granularityField');
export const Granularity = withContext(ark.div, 'granularity');
export const GranularityOption = withContext(ark.button, 'granularityOption');
export const Actions = withContext(ark.div, 'actions');
