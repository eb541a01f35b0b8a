export { formatDate, formatDateTime, type DateInput } from './date';
export { formatMoney, formatMoneyInput, parseMoney } from './money';
export { formatNumber, formatPercentBasisPoints } from './number';
export type { FormatLocale } from './intl-locale';
export { formatFileSize } from './file-size';
