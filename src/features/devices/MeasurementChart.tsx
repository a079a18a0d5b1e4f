import { useQuery } from '@tanstack/react-query'
import { addHours, formatISO, startOfHour } from 'date-fns'
import { listDeviceMeasurementsOptions, listDeviceReadingsOptions, queryPolicy } from '~/api'
import {
  Card,
  ResponsiveConsumptionChart,
  ResponsiveCumulativeChart,
  Select,
  SelectItem,
} from '~/ui'
import { intervalsQuery, type ConsumptionContext } from '../consumption/consumption-queries'
import { toBuckets } from '../consumption/intervals'
import { measurementName } from './format'
import { ENERGY, EXPORT } from './reading-types'
/** Hours of raw readings charted for other measurements (15-min readings: 192 points). */
const RAW_HOURS = 48

export interface MeasurementChartProps {
  deviceId: string
  measurement: string | undefined
  onMeasurementChange: (measurement: string | undefined) => void
  context: ConsumptionContext
  now?: Date
}

/** A small chart of one measurement: energy as this month's daily consumption, others as raw values. */
export function MeasurementChart({
  deviceId,
  measurement = ENERGY,
  onMeasurementChange,
  context,
  now = new Date(),
}: MeasurementChartProps) {
  const measurements = useQuery({
    ...listDeviceMeasurementsOptions({ path: { id: deviceId } }),
    ...queryPolicy('regular'),
    meta: { silent: true },
  })
  // A handler declares measurements the meter may never send: offer those with readings only.
  const items = (measurements.data?.items ?? []).filter(
    (m) =>
      m.name !== EXPORT && (m.latest_at !== null || m.name === ENERGY || m.name === measurement),
  )
  const options = items.some((m) => m.name === ENERGY)
    ? items
    : [{ name: ENERGY, unit: 'kWh' }, ...items]
  const selector = options.length > 1 && (
    <Select
      aria-label="Measurement"
      items={options.map((m) => ({ id: m.name, label: `${measurementName(m.name)} (${m.unit})` }))}
      selectedKey={measurement}
      onSelectionChange={(key) => onMeasurementChange(key === ENERGY ? undefined : String(key))}
    >
      {(item) => <SelectItem id={item.id}>{item.label}</SelectItem>}
    </Select>
  )
  return (
    <Card
      title={
        measurement === ENERGY
          ? 'Daily consumption this month'
          : `${measurementName(measurement)}, last ${RAW_HOURS} hours`
      }
      actions={selector}
    >
      {measurement === ENERGY ? (
        <EnergyChart context={context} now={now} />
      ) : (
        <RawChart deviceId={deviceId} measurement={measurement} now={now} />
      )}
    </Card>
  )
}

function EnergyChart({ context, now }: { context: ConsumptionContext; now: Date }) {
  const intervals = useQuery(intervalsQuery('daily', now, context))
  return (
    <ResponsiveConsumptionChart
      height={180}
      granularity="daily"
      timeZone={context.timeZone}
      data={intervals.data ? toBuckets(intervals.data.intervals, now) : []}
      status={intervals.status}
      onRetry={() => void intervals.refetch()}
    />
  )
}

function RawChart({
  deviceId,
  measurement,
  now,
}: {
  deviceId: string
  measurement: string
  now: Date
}) {
  // Whole hours keep the query key stable between renders.
  const end = addHours(startOfHour(now), 1)
  const readings = useQuery({
    ...listDeviceReadingsOptions({
      path: { id: deviceId },
      query: {
        start_date: formatISO(addHours(end, -RAW_HOURS)),
        end_date: formatISO(end),
        page_size: 500,
        reading_type_names: [measurement],
      },
    }),
    ...queryPolicy('realTime'),
  })
  return (
    <ResponsiveCumulativeChart
      height={180}
      label={measurementName(measurement)}
      data={(readings.data?.items ?? []).map((r) => ({ time: r.timestamp, kwh: r.kwh }))}
      status={readings.status}
      onRetry={() => void readings.refetch()}
    />
  )
}
