import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Card, linkClassName, ResponsiveConsumptionChart } from '~/ui'
import { formatQuantity } from '~/lib/format'
import { changeDirection, computeChange, formatPercentChange } from '../reports/change'
import type { energyReportOptions } from '../reports/report-query'

const directionWord = { up: 'more than', down: 'less than', flat: 'the same as' } as const

/** Daily consumption of the scope over the last 30 days, today included. */
export function ThirtyDayCard({
  options,
  timeZone,
}: {
  options: ReturnType<typeof energyReportOptions>
  timeZone: string
}) {
  const query = useQuery(options)
  const report = query.data
  const change = report && computeChange(report.current.total_kwh, report.previous.total_kwh)
  return (
    <Card
      title="Last 30 days"
      description={
        report && change
          ? `${formatQuantity(report.current.total_kwh, report.unit)}, ${formatPercentChange(change.percent)} (${directionWord[changeDirection(change.absolute)]} the 30 days before)`
          : 'Daily consumption of every device in scope'
      }
      footer={
        <Link
          to="/reports"
          search={{ preset: 'last_30_days' }}
          className={linkClassName('standalone')}
        >
          Compare in reports
        </Link>
      }
    >
      <ResponsiveConsumptionChart
        data={(report?.series.current ?? []).map((point) => ({
          start: point.start,
          kwh: point.kwh,
        }))}
        granularity="daily"
        label="Daily consumption, last 30 days"
        status={query.status}
        errorMessage="Could not load the last 30 days."
        onRetry={() => void query.refetch()}
        timeZone={timeZone}
        height={200}
      />
    </Card>
  )
}
