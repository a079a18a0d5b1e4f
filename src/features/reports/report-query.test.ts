import { describe, expect, it } from 'vitest'
import { reportQuery, type ReportRequest } from './report-query'

const berlin: Omit<ReportRequest, 'preset'> = {
  timeZone: 'Europe/Berlin',
  weekStart: 'monday',
  billed: true,
}
const periods = (request: ReportRequest) => {
  const { period, previous_period, current_start, current_end, previous_start, previous_end } =
    reportQuery(request)
  return { period, previous_period, current_start, current_end, previous_start, previous_end }
}

describe('reportQuery', () => {
  it('names every preset for the server to resolve, with the buckets its chart reads best in', () => {
    expect(reportQuery({ ...berlin, preset: 'today' })).toMatchObject({
      period: 'today',
      granularity: 'hourly',
      timezone: 'Europe/Berlin',
      week_start: 'monday',
    })
    expect(reportQuery({ ...berlin, preset: 'this_year' })).toMatchObject({
      period: 'this_year',
      granularity: 'monthly',
    })
    expect(reportQuery({ ...berlin, preset: 'last_30_days' })).not.toHaveProperty('current_start')
    // This bill against the same bill a year before.
    expect(periods({ ...berlin, preset: 'bill_year_ago' })).toMatchObject({
      period: 'this_bill',
      previous_period: 'bill_year_ago',
    })
  })

  it('reads bills as calendar months where the scope has no billing cycle', () => {
    const unbilled = { ...berlin, billed: false }
    expect(reportQuery({ ...unbilled, preset: 'this_bill' }).period).toBe('this_month')
    expect(reportQuery({ ...unbilled, preset: 'last_bill' }).period).toBe('last_month')
    expect(periods({ ...unbilled, preset: 'bill_year_ago' })).toMatchObject({
      period: 'this_month',
      previous_period: undefined,
    })
  })

  it('gives a custom range as the midnights of its days in the viewer timezone', () => {
    const custom = { from: '2026-03-25', to: '2026-03-31' }
    expect(reportQuery({ ...berlin, preset: 'custom', custom })).toMatchObject({
      period: 'custom',
      // Summer time began on the 29th: the end is midnight in CEST.
      current_start: '2026-03-25T00:00:00+01:00',
      current_end: '2026-04-01T00:00:00+02:00',
      granularity: 'daily',
    })
    const compared = periods({
      ...berlin,
      preset: 'custom',
      custom,
      customPrevious: { from: '2025-03-25', to: '2025-03-31' },
    })
    expect(compared).toMatchObject({
      previous_start: '2025-03-25T00:00:00+01:00',
      previous_end: '2025-04-01T00:00:00+02:00',
    })
  })

  it('reads a range ending before it starts as this month, and no range as today', () => {
    const backwards = { from: '2026-03-31', to: '2026-03-01' }
    expect(periods({ ...berlin, preset: 'custom', custom: backwards })).toEqual({
      period: 'this_month',
    })
    expect(reportQuery({ ...berlin, preset: 'custom' }).period).toBe('today')
  })

  it('asks for the devices in one order, so the same choice shares one cached report', () => {
    const query = reportQuery({ ...berlin, preset: 'today', deviceIds: ['b', 'a'] })
    expect(query.device_ids).toEqual(['a', 'b'])
  })
})
