export { formatCount } from './count';
export { formatDate, formatDateRange, TIME_ZONE, type DateInput } from './date';
export { EMPTY_VALUE, formatClp, formatDays, formatPercent, formatUsd, type Formattable } from './number';
