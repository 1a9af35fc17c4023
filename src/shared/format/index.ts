export { formatCount } from './count';
export { type DateInput, formatDate, formatDateRange, formatDateTime, formatPeriod, TIME_ZONE } from './date';
export { type Elapsed, elapsedSince } from './elapsed';
export { fileSize } from './file-size';
export { formatList } from './list';
export {
  EMPTY_VALUE,
  type Formattable,
  formatClp,
  formatDays,
  formatMoney,
  formatPercent,
  formatPercentage,
  formatPercentagePoints,
  formatUsd,
} from './number';
export { formatPhone } from './phone';
