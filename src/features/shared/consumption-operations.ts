import type { QueryOperation } from '~/api'

/**
 * Every consumption call of a device: the consumption page cancels them when the user moves on,
 * and a change of a group's prices (billing) refetches them.
 */
export const consumptionOperations = [
  'getCumulativeConsumption',
  'getCumulativeConsumptionToday',
  'getCumulativeConsumptionYesterday',
  'getCumulativeConsumptionThisWeek',
  'getCumulativeConsumptionLastWeek',
  'getCumulativeConsumptionThisMonth',
  'getCumulativeConsumptionLastMonth',
  'getCumulativeConsumptionThisBill',
  'getCumulativeConsumptionLastBill',
  'getCumulativeConsumptionBillYearAgo',
  'getConsumptionIntervals',
  'getConsumptionIntervalsToday',
  'getConsumptionIntervalsLastMonth',
] as const satisfies readonly QueryOperation[]
