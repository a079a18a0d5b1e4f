export { formatNumber, formatPercent, NO_VALUE, type NumberStyle } from './number'
export {
  formatKwh,
  formatKwhAsEntered,
  formatQuantity,
  formatQuantityFigure,
  KWH_ENTRY_DECIMALS,
  unitDecimals,
  type QuantityStyle,
} from './quantity'
export { formatAgo, formatAgoShort, formatDateTime, formatDuration } from './time'
export { formatCo2, formatCost, formatCostCo2, type MoneyStyle } from './money'
