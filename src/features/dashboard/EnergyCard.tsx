import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { EnergyReport } from '../../api'
import { Card, Stat } from '../../ui'
import {
  changeDirection,
  computeChange,
  formatEnergy,
  formatPercentChange,
  toDateTotals,
} from '../reports/change'
import type { ReportPreset } from '../reports/report-search'
import { comparisonBuckets } from '../reports/report-series'
import type { energyReportOptions } from '../reports/report-query'
import * as page from '../shared/page.css'
import * as styles from './dashboard.css'
import { WidgetBody } from './WidgetBody'

const figure = new Intl.NumberFormat('en-GB', {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
})
const statDirection = { up: 'up', down: 'down', flat: 'neutral' } as const

export interface EnergyCardProps {
  title: string
  /** 'Today so far' */
  currentLabel: string
  /** 'yesterday by this time' */
  compareLabel: string
  /** 'Yesterday' */
  previousLabel: string
  preset: Extract<ReportPreset, 'today' | 'this_month'>
  options: ReturnType<typeof energyReportOptions>
  now: Date
}

/**
 * A period so far against the same stretch of the previous one (today until this hour against
 * yesterday until the same hour), so the change is fair all day long; the previous period's full
 * total is shown beside it.
 */
function Figures({
  report,
  now,
  ...labels
}: { report: EnergyReport; now: Date } & Omit<
  EnergyCardProps,
  'options' | 'now' | 'title' | 'preset'
>) {
  const buckets = comparisonBuckets(report.series, now)
  const toDate = toDateTotals(
    buckets.map((b) => b.current),
    buckets.map((b) => b.previous),
  )
  const change = computeChange(toDate.current, toDate.previous)
  return (
    <div className={styles.figures}>
      <Stat
        label={labels.currentLabel}
        value={figure.format(report.current.total_kwh)}
        unit={report.unit}
        goodDirection="down"
        delta={{
          value: formatPercentChange(change.percent),
          direction: statDirection[changeDirection(change.absolute)],
          context: `vs ${labels.compareLabel}`,
        }}
      />
      <p className={page.note}>
        {labels.previousLabel}: {formatEnergy(report.previous.total_kwh, report.unit)} in total
      </p>
    </div>
  )
}

/** Consumption of the scope today or this month, linking to the same comparison in reports. */
export function EnergyCard({ title, options, preset, now, ...labels }: EnergyCardProps) {
  const query = useQuery(options)
  return (
    <Card
      title={title}
      footer={
        <Link to="/reports" search={{ preset }} className={page.inlineLink}>
          Open the report
        </Link>
      }
    >
      <WidgetBody query={query} what={title.toLowerCase()}>
        {(report) => <Figures report={report} now={now} {...labels} />}
      </WidgetBody>
    </Card>
  )
}
