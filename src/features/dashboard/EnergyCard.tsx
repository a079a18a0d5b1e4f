import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { EnergyReport } from '../../api'
import { Card, Stat } from '../../ui'
import { changeDirection, formatEnergy, formatPercentChange } from '../reports/change'
import type { ReportPreset } from '../reports/report-search'
import type { energyReportOptions } from '../reports/report-query'
import * as page from '../shared/page.css'
import * as styles from './dashboard.css'
import { WidgetBody } from '../shared/WidgetBody'
import { formatNumber } from '../../lib/format'

const statDirection = { up: 'up', down: 'down', flat: 'neutral' } as const

export interface EnergyCardProps {
  title: string
  /** 'Today so far' */
  currentLabel: string
  /** 'the same hours yesterday': the stretch the server compared (as reports say 'the same days') */
  compareLabel: string
  /** 'Yesterday' */
  previousLabel: string
  preset: Extract<ReportPreset, 'today' | 'this_month'>
  options: ReturnType<typeof energyReportOptions>
}

/**
 * A period so far against the same stretch of the previous one (today until now against yesterday
 * until the same time), as the server compares a running report; the previous period's full
 * total is shown beside it.
 */
function Figures({
  report,
  ...labels
}: { report: EnergyReport } & Omit<EnergyCardProps, 'options' | 'title' | 'preset'>) {
  const { change } = report
  return (
    <div className={styles.figures}>
      <Stat
        label={labels.currentLabel}
        value={formatNumber(report.current.total_kwh, { decimals: 1 })}
        unit={report.unit}
        goodDirection="down"
        delta={{
          value: formatPercentChange(change.percent),
          direction: statDirection[changeDirection(change.absolute_kwh)],
          context: `vs ${labels.compareLabel}`,
        }}
      />
      <p className={page.note}>
        {labels.previousLabel}: {formatEnergy(report.previous.full_total_kwh, report.unit)} in total
      </p>
    </div>
  )
}

/** Consumption of the scope today or this month, linking to the same comparison in reports. */
export function EnergyCard({ title, options, preset, ...labels }: EnergyCardProps) {
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
        {(report) => <Figures report={report} {...labels} />}
      </WidgetBody>
    </Card>
  )
}
