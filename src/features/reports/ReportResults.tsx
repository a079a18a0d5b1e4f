import type { EnergyReport } from '../../api'
import { Card, EmptyState, ResponsiveComparisonChart, Stat } from '../../ui'
import {
  changeDirection,
  computeChange,
  formatEnergyChange,
  formatPercentChange,
  toDateTotals,
} from './change'
import * as page from '../shared/page.css'
import { formatPeriod, type PeriodPair } from './report-periods'
import { comparisonBuckets } from './report-series'
import { ReportDevicesTable } from './ReportDevicesTable'
import * as styles from './reports.css'

const figure = new Intl.NumberFormat('en-GB', {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
})
const statDirection = { up: 'up', down: 'down', flat: 'neutral' } as const

export interface ReportResultsProps {
  report: EnergyReport
  periods: PeriodPair
  timeZone: string
  now: Date
}

/** Totals with their change, the comparison chart and the per-device table. */
export function ReportResults({ report, periods, timeZone, now }: ReportResultsProps) {
  const current = formatPeriod(periods.current, timeZone)
  const previous = formatPeriod(periods.previous, timeZone)
  if (report.devices.length === 0) {
    return (
      <EmptyState
        icon="devices"
        title="No devices to report on"
        description="The scope has no devices yet, or none were chosen."
      />
    )
  }
  const direction = changeDirection(report.change.absolute_kwh)
  const buckets = comparisonBuckets(report.series, now)
  const running = buckets.some((b) => b.current === null)
  const toDate = toDateTotals(
    buckets.map((b) => b.current),
    buckets.map((b) => b.previous),
  )
  const toDateChange = computeChange(toDate.current, toDate.previous)
  return (
    <>
      <Card title="Totals" description={`${current} compared with ${previous}`}>
        <div className={styles.totals}>
          <Stat
            label={`Current: ${current}`}
            value={figure.format(report.current.total_kwh)}
            unit={report.unit}
          />
          <Stat
            label={`Previous: ${previous}`}
            value={figure.format(report.previous.total_kwh)}
            unit={report.unit}
          />
          <Stat
            label="Change"
            value={formatEnergyChange(report.change.absolute_kwh, '')}
            unit={report.unit}
            goodDirection="down"
            delta={{
              value: formatPercentChange(report.change.percent),
              direction: statDirection[direction],
              context: 'vs previous',
            }}
          />
        </div>
        {running && (
          <p className={page.note}>
            The current period is still running: over the {toDate.buckets}{' '}
            {report.granularity.replace('ly', '').replace('dai', 'day')}s both periods have, the
            change is {formatPercentChange(toDateChange.percent)} (
            {formatEnergyChange(toDateChange.absolute, report.unit)}).
          </p>
        )}
      </Card>
      <Card
        title="Comparison"
        description={`Per ${report.granularity.replace('ly', '').replace('dai', 'day')}, current against previous`}
      >
        <ResponsiveComparisonChart
          data={buckets}
          granularity={report.granularity}
          variant={report.granularity === 'hourly' ? 'lines' : 'bars'}
          currentLabel={current}
          previousLabel={previous}
          timeZone={timeZone}
        />
      </Card>
      <Card
        title="Devices"
        padding="none"
        description="Sorted by change; choose a heading to sort by it"
      >
        <ReportDevicesTable report={report} />
      </Card>
    </>
  )
}
