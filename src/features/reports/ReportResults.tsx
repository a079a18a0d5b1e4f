import type { EnergyReport } from '~/api'
import { Card, EmptyState, ResponsiveComparisonChart, Stack, Stat, Text, Tiles } from '~/ui'
import type { ReactNode } from 'react'
import { costChange, periodFigure, showsCost } from '../billing/cost'
import { CostSummary } from '../billing/CostSummary'
import { changeDirection, reportChange } from './change'
import { comparedPeriod, formatPeriod, type Period } from '~/lib/periods/days'
import { comparisonBuckets } from './report-series'
import { ReportDevicesTable } from './ReportDevicesTable'
import { formatQuantity, formatQuantityFigure } from '~/lib/format'

/** A key figure with what it cost under it, when the report has a cost. */
function Figure({ cost, children }: { cost: ReactNode; children: ReactNode }) {
  // Unpriced, the figure stands alone: a wrapper would move it in its tile.
  if (!cost) return children
  return (
    <Stack space="xs">
      {children}
      {cost}
    </Stack>
  )
}

/** A period's cost with its parts; null where the report prices nothing. */
function periodCost(period: EnergyReport['current'], report: EnergyReport) {
  const figure = periodFigure(period, report)
  return showsCost(figure, report.currency) ? (
    <CostSummary figure={figure} currency={report.currency} />
  ) : null
}

/** The change of cost and CO2 in one line; null where the report prices nothing. */
function changeCost(report: EnergyReport) {
  const change = costChange(report.change, report.currency)
  return (
    change && (
      <Text size="sm" tone="muted">
        {change}
      </Text>
    )
  )
}

const statDirection = { up: 'up', down: 'down', flat: 'neutral' } as const

export interface ReportResultsProps {
  report: EnergyReport
  now: Date
}

const periodOf = ({ start, end }: EnergyReport['current']): Period => ({
  start: new Date(start),
  end: new Date(end),
})

/**
 * Totals with their change, the comparison chart and the per-device table, over the periods the
 * server resolved, in the timezone it counted them in (a bill's is its group's).
 */
export function ReportResults({ report, now }: ReportResultsProps) {
  const timeZone = report.timezone
  const current = formatPeriod(periodOf(report.current), timeZone)
  const previous = formatPeriod(periodOf(report.previous), timeZone)
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
  const headline = reportChange(report)
  const buckets = comparisonBuckets(report.series, now)
  // A running period is compared to date by the server: name the spans it compared.
  const toDate = report.to_date
  const currentSpan = toDate
    ? formatPeriod(comparedPeriod(report.current, timeZone), timeZone)
    : current
  const previousSpan = toDate
    ? formatPeriod(comparedPeriod(report.previous, timeZone), timeZone)
    : previous
  return (
    <>
      <Card
        title="Totals"
        description={
          toDate
            ? `To date: ${currentSpan} compared with the same days, ${previousSpan}`
            : `${current} compared with ${previous}`
        }
      >
        <Tiles space="lg" minItemWidth="14rem">
          <Figure cost={periodCost(report.current, report)}>
            <Stat
              label={toDate ? `So far: ${currentSpan}` : `Current: ${current}`}
              value={formatQuantityFigure(report.current.total_kwh, report.unit)}
              unit={report.unit}
            />
          </Figure>
          <Figure cost={periodCost(report.previous, report)}>
            <Stat
              label={toDate ? `Same days before: ${previousSpan}` : `Previous: ${previous}`}
              value={formatQuantityFigure(report.previous.total_kwh, report.unit)}
              unit={report.unit}
            />
          </Figure>
          <Figure cost={changeCost(report)}>
            <Stat
              label="Change"
              value={formatQuantityFigure(report.change.absolute_kwh, report.unit, {
                signed: true,
              })}
              unit={report.unit}
              goodDirection="down"
              delta={{
                value: headline.value,
                direction: statDirection[direction],
                context: headline.context,
              }}
            />
          </Figure>
        </Tiles>
        {toDate && (
          <Text as="p" size="sm" tone="muted">
            The current period is still running, so it is compared with the same days of the
            previous one. All of {previous}:{' '}
            {formatQuantity(report.previous.full_total_kwh, report.unit)}.
          </Text>
        )}
      </Card>
      <Card
        title="Comparison"
        description={
          report.granularity === 'daily'
            ? 'Per day, each day against the same weekday of the previous period'
            : `Per ${report.granularity.replace('ly', '')}, current against previous`
        }
      >
        <ResponsiveComparisonChart
          data={buckets}
          granularity={report.granularity}
          variant={report.granularity === 'hourly' ? 'lines' : 'bars'}
          currentLabel={current}
          previousLabel={previous}
          timeZone={timeZone}
          change={{ label: headline.label, value: headline.value }}
          // The Totals card's figures, in the report's unit: the bars are per-day averages when
          // the metric is kWh/day, and their sum is no total. A running period's bars are the
          // whole previous period, so its whole total goes beside them.
          totals={{
            current: formatQuantity(report.current.total_kwh, report.unit),
            previous: formatQuantity(report.previous.full_total_kwh, report.unit),
          }}
        />
      </Card>
      <Card
        title="Devices"
        padding="none"
        description={
          toDate
            ? 'To date, against the same days of the previous period; sorted by change'
            : 'Sorted by change; choose a heading to sort by it'
        }
      >
        <ReportDevicesTable report={report} />
      </Card>
    </>
  )
}
