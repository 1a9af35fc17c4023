export { formatCount } from './count';
export { formatDate, formatDateRange, formatPeriod, TIME_ZONE, type DateInput } from './date';
export { EMPTY_VALUE, formatClp, formatDays, formatPercent, formatPercentage, formatUsd, type Formattable } from './number';
