export { formatCount } from './count';
export { type DateInput, formatDate, formatDateRange, formatPeriod, TIME_ZONE } from './date';
export { EMPTY_VALUE, type Formattable, formatClp, formatDays, formatPercent, formatPercentage, formatUsd } from './number';
