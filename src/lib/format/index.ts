export {
  formatKwh,
  formatMeter,
  formatNumber,
  formatPercent,
  NO_VALUE,
  type NumberStyle,
} from './number'
export { formatAgo, formatAgoShort, formatDateTime, formatDuration } from './time'
export { formatCo2, formatCost, formatCostCo2, type MoneyStyle } from './money'
