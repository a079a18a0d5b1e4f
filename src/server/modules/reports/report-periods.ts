import type { GetEnergyReportData } from '~/api/__generated__/types.gen.ts'
import type { TenantScope } from '~/server/context.ts'
import type { Queryable } from '~/server/db/database.ts'
import { badRequest } from '~/server/lib/http-errors.ts'
import { wallOf } from '~/server/lib/zone-clock.ts'
import { pricingsOf, scopedDevices } from '../energy/energy.ts'
import {
  isBillPeriod,
  isPeriodName,
  namedPeriod,
  PERIOD_NAMES,
  type PeriodClock,
  type PeriodName,
  type Window,
} from '../energy/windows.ts'
import { periodOf, wallShift } from './energy-report.ts'

type Query = NonNullable<GetEnergyReportData['query']>

/** The report's two periods, their names (when named), and the timezone they are counted in. */
export interface ResolvedPeriods {
  current: Window
  previous: Window
  tz: string
  names?: { current: string | null; previous: string | null }
}

/** The name before a running or closed period, where the vocabulary has one. */
const NAME_BEFORE: Partial<Record<PeriodName, PeriodName>> = {
  today: 'yesterday',
  this_week: 'last_week',
  this_month: 'last_month',
  this_bill: 'last_bill',
}

function nameOf(value: string, parameter: 'period' | 'previous_period'): PeriodName {
  if (isPeriodName(value)) return value
  const names = parameter === 'period' ? [...PERIOD_NAMES, 'custom'] : PERIOD_NAMES
  throw badRequest(`Unknown ${parameter} '${value}': expected one of ${names.join(', ')}`)
}

/**
 * The billing cycle the bill names are counted in: that of the groups of the report's devices (or
 * the caller's group), which must share one start day and timezone; 400 otherwise.
 */
async function billClock(q: Queryable, scope: TenantScope, deviceIds: string[] | undefined) {
  // No device named (left out or empty) is every device in scope, as for the figures.
  const devices = await scopedDevices(q, scope, deviceIds?.length ? deviceIds : undefined)
  const groups = [...new Set(devices.map((d) => d.group_id))]
  if (groups.length === 0 && !scope.all && scope.groupId) groups.push(scope.groupId)
  if (groups.length === 0)
    throw badRequest('Bill periods need a group: choose a group or devices of one group')
  const cycles = new Set(
    [...(await pricingsOf(q, groups)).values()].map(
      (p) => `${p.settings.billing_cycle_start_day}|${p.tz}`,
    ),
  )
  if (cycles.size > 1)
    throw badRequest(
      'Bill periods need one billing cycle: the report covers groups with different cycles or timezones; choose one group',
    )
  const [day, tz] = [...cycles][0]!.split('|') as [string, string]
  return { billStartDay: Number(day), tz }
}

/**
 * The report's periods from its query: the consumption API's named periods (one resolver,
 * `namedPeriod`), `custom`, or the four date-times as before; none of them is `this_month`. 400
 * for an unknown name, a name mixed with date-times, or a missing date-time.
 */
export async function resolvePeriods(
  q: Queryable,
  scope: TenantScope,
  query: Query,
  clock: { tz: string; now: Date },
): Promise<ResolvedPeriods> {
  const { current_start, current_end, previous_start, previous_end } = query
  const previousGiven = previous_start !== undefined || previous_end !== undefined
  const previousPair = () => {
    if (previous_start === undefined || previous_end === undefined)
      throw badRequest('previous_start and previous_end go together')
    return periodOf(previous_start, previous_end, 'previous')
  }
  const currentGiven = current_start !== undefined || current_end !== undefined
  // Nothing named and nothing given: this month against last month, the reports page's default.
  const nothing = !currentGiven && !previousGiven && query.previous_period === undefined
  if (query.period === undefined && nothing)
    return resolvePeriods(q, scope, { ...query, period: 'this_month' }, clock)
  if (query.period === undefined) {
    if (query.previous_period !== undefined)
      throw badRequest('previous_period needs period (a name or custom)')
    if (current_start === undefined || current_end === undefined || !previousGiven)
      throw badRequest(
        'Name the periods (period) or give current_start, current_end, previous_start and previous_end',
      )
    return {
      current: periodOf(current_start, current_end, 'current'),
      previous: previousPair(),
      tz: clock.tz,
    }
  }
  const names = [
    ...(query.period === 'custom' ? [] : [nameOf(query.period, 'period')]),
    ...(query.previous_period === undefined
      ? []
      : [nameOf(query.previous_period, 'previous_period')]),
  ]
  const bills = names.some(isBillPeriod)
  const calendar: PeriodClock = {
    ...clock,
    weekStart: query.week_start ?? 'sunday',
    ...(bills && (await billClock(q, scope, query.device_ids))),
  }
  let current: Window
  if (query.period === 'custom') {
    if (current_start === undefined || current_end === undefined)
      throw badRequest('period=custom needs current_start and current_end')
    current = periodOf(current_start, current_end, 'current')
  } else {
    if (currentGiven || previousGiven)
      throw badRequest(`period=${query.period} takes no date-times: use period=custom for a range`)
    current = namedPeriod(nameOf(query.period, 'period'), calendar)
  }
  if (query.previous_period !== undefined) {
    if (previousGiven) throw badRequest('Give previous_period or previous_start and previous_end')
    const name = nameOf(query.previous_period, 'previous_period')
    return {
      current,
      previous: namedPeriod(name, calendar),
      tz: calendar.tz,
      names: { current: query.period, previous: name },
    }
  }
  if (query.period === 'custom') {
    const length =
      wallOf(current.end.getTime(), calendar.tz) - wallOf(current.start.getTime(), calendar.tz)
    const previous = previousGiven
      ? previousPair()
      : { start: wallShift(current.start, -length, calendar.tz), end: current.start }
    return { current, previous, tz: calendar.tz, names: { current: 'custom', previous: null } }
  }
  const name = query.period as PeriodName
  return {
    current,
    previous: namedPeriod(name, calendar, 1),
    tz: calendar.tz,
    names: { current: name, previous: NAME_BEFORE[name] ?? null },
  }
}
