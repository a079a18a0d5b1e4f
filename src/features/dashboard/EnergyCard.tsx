import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { EnergyReport } from '~/api'
import { Card, linkClassName, Stack, Stat, Text } from '~/ui'
import { periodFigure } from '../billing/cost'
import { CostSummary } from '../billing/CostSummary'
import { changeDirection, formatPercentChange } from '../reports/change'
import type { ReportPreset } from '../reports/report-search'
import type { energyReportOptions } from '../reports/report-query'
import { WidgetBody } from '../shared/WidgetBody'
import { formatQuantity, formatQuantityFigure } from '~/lib/format'

const statDirection = { up: 'up', down: 'down', flat: 'neutral' } as const

export interface EnergyCardProps {
  title: string
  /** 'Today so far' */
  currentLabel: string
  /** 'the same hours yesterday': the stretch the server compared (as reports say 'the same days') */
  compareLabel: string
  /** 'Yesterday' */
  previousLabel: string
  preset: Extract<ReportPreset, 'today' | 'this_month' | 'this_bill'>
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
    <Stack space="md">
      <Stat
        label={labels.currentLabel}
        value={formatQuantityFigure(report.current.total_kwh, report.unit)}
        unit={report.unit}
        goodDirection="down"
        delta={{
          value: formatPercentChange(change.percent),
          direction: statDirection[changeDirection(change.absolute_kwh)],
          context: `vs ${labels.compareLabel}`,
        }}
      />
      {/* The compared span's cost: the previous period's whole total has no cost of its own. */}
      <CostSummary figure={periodFigure(report.current, report)} currency={report.currency} />
      <Text as="p" size="sm" tone="muted">
        {labels.previousLabel}: {formatQuantity(report.previous.full_total_kwh, report.unit)} in
        total
      </Text>
    </Stack>
  )
}

/** Consumption of the scope today or this month, linking to the same comparison in reports. */
export function EnergyCard({ title, options, preset, ...labels }: EnergyCardProps) {
  const query = useQuery(options)
  return (
    <Card
      title={title}
      footer={
        <Link to="/reports" search={{ preset }} className={linkClassName('standalone')}>
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
