import { parseDate } from '@internationalized/date'
import { DateRangePicker, Select, SelectItem, Tiles } from '~/ui'
import { DevicePicker } from '../shared/DevicePicker'
import { presetLabels, type DayRange } from './report-periods'
import { metricLabels } from './report-query'
import { reportMetrics, reportPresets, type ReportMetric, type ReportPreset } from './report-search'
import * as styles from './reports.css'

export interface ReportChoice {
  preset: ReportPreset
  custom?: DayRange
  customPrevious?: DayRange
  metric: ReportMetric
  devices: string[]
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
