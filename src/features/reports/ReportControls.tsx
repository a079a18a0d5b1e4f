import { parseDate } from '@internationalized/date'
import { DateRangePicker, Select, SelectItem, Tiles } from '~/ui'
import { DevicePicker } from '../shared/DevicePicker'
import type { DayRange } from '~/lib/periods/days'
import { metricLabels } from './report-query'
import {
  reportMetrics,
  reportPresets,
  type ReportChoice,
  type ReportMetric,
  type ReportPreset,
} from './report-search'
import * as styles from './reports.css'

export const presetLabels: Record<ReportPreset, string> = {
  today: 'Today vs yesterday',
  this_week: 'This week vs last week',
  this_month: 'This month vs last month',
  last_month: 'Last month vs the month before',
  last_7_days: 'Last 7 days vs the 7 before',
  last_30_days: 'Last 30 days vs the 30 before',
  this_year: 'This year vs last year',
  this_bill: 'This bill vs last bill',
  last_bill: 'Last bill vs the bill before',
  bill_year_ago: 'This bill vs the same bill last year',
  custom: 'Custom range',
}

export interface ReportControlsProps {
  choice: ReportChoice
  onChange: (patch: Partial<ReportChoice>) => void
}

const presetItems = reportPresets.map((id) => ({ id, name: presetLabels[id] }))
const metricItems = reportMetrics.map((id) => ({ id, name: metricLabels[id] }))

const toRange = (range: DayRange | undefined) =>
  range ? { start: parseDate(range.from), end: parseDate(range.to) } : null
const fromRange = (range: { start: { toString(): string }; end: { toString(): string } } | null) =>
  range ? { from: range.start.toString(), to: range.end.toString() } : undefined

/** What to compare: periods (preset or custom), the metric and the devices. */
export function ReportControls({ choice, onChange }: ReportControlsProps) {
  return (
    <Tiles space="md" minItemWidth="17rem" alignY="bottom">
      <Select
        label="Periods"
        items={presetItems}
        selectedKey={choice.preset}
        onSelectionChange={(key) => onChange({ preset: key as ReportPreset })}
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      {choice.preset === 'custom' && (
        <>
          <DateRangePicker
            label="Current period"
            value={toRange(choice.custom)}
            onChange={(range) => onChange({ custom: fromRange(range) })}
          />
          <DateRangePicker
            label="Compare with"
            description="Empty: the same number of days right before."
            value={toRange(choice.customPrevious)}
            onChange={(range) => onChange({ customPrevious: fromRange(range) })}
          />
        </>
      )}
      <Select
        label="Metric"
        items={metricItems}
        selectedKey={choice.metric}
        onSelectionChange={(key) => onChange({ metric: key as ReportMetric })}
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      <Tiles space="md" minItemWidth="20rem" alignY="top" className={styles.devices}>
        <DevicePicker
          value={choice.devices}
          onChange={(devices) => onChange({ devices })}
          chosenLabel="Chosen devices"
          allLabel="All devices in scope"
          description="Leave empty to report on every device in scope."
        />
      </Tiles>
    </Tiles>
  )
}
