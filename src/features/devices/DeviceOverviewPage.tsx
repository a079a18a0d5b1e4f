import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Device } from '../../api'
import { Card, Stat } from '../../ui'
import {
  presetQuery,
  type ConsumptionContext,
  type PresetKey,
} from '../consumption/consumption-queries'
import { useCalendar } from '../consumption/calendar'
import { DeviceFrame } from './DeviceFrame'
import { ENERGY, MeasurementChart } from './MeasurementChart'
import { ReadingsCard } from './ReadingsCard'
import { RecentNotifications } from './RecentNotifications'
import { formatDateTime, formatMeter, formatNumber } from '../../lib/format'
import * as styles from './devices.css'

export interface DeviceOverviewPageProps {
  deviceId: string
  /** Search parameter: the measurement to chart (a reading type name). */
  measurement?: string
  onMeasurementChange: (measurement: string | undefined) => void
  /** @default the user's calendar (consumption/calendar.ts) */
  timeZone?: string
  /** @default new Date() */
  now?: Date
}

/**
 * Identity, status, latest reading, today/week/month figures, a small chart, the readings of the
 * charted measurement and recent alerts.
 */
export function DeviceOverviewPage({
  deviceId,
  measurement,
  onMeasurementChange,
  timeZone,
  now,
}: DeviceOverviewPageProps) {
  const calendar = useCalendar()
  const context: ConsumptionContext = {
    deviceId,
    timeZone: timeZone ?? calendar.timeZone,
    weekStart: calendar.weekStart,
  }
  return (
    <DeviceFrame deviceId={deviceId} tab="Overview" now={now}>
      {(device) => (
        <>
          <div className={styles.grid}>
            <Card
              title="Consumption"
              headingLevel={2}
              className={styles.wideCard}
              actions={
                <Link to="/devices/$deviceId/consumption" params={{ deviceId }}>
                  Details
                </Link>
              }
            >
              <div className={styles.figures}>
                <Figure preset="today" label="Today" context={context} />
                <Figure preset="thisWeek" label="This week" context={context} />
                <Figure preset="thisMonth" label="This month" context={context} />
              </div>
            </Card>
            <Card title="Latest reading">
              <div className={styles.figure}>
                <span className={styles.figureValue}>{formatMeter(device.latest_kwh)}</span>
                <span className={styles.figureNote}>
                  {device.summary.last_reading_at
                    ? `Read ${formatDateTime(device.summary.last_reading_at)}`
                    : 'No readings yet'}
                  {` · ${formatNumber(device.summary.reading_count)} readings`}
                </span>
              </div>
            </Card>
          </div>
          <div className={styles.grid}>
            <MeasurementChart
              deviceId={deviceId}
              measurement={measurement}
              onMeasurementChange={onMeasurementChange}
              context={context}
              now={now}
            />
          </div>
          <div className={styles.grid}>
            <ReadingsCard deviceId={deviceId} measurement={measurement ?? ENERGY} />
          </div>
          <div className={styles.grid}>
            <IdentityCard device={device} />
            <RecentNotifications deviceId={deviceId} />
          </div>
        </>
      )}
    </DeviceFrame>
  )
}

function Figure({
  preset,
  label,
  context,
}: {
  preset: PresetKey
  label: string
  context: ConsumptionContext
}) {
  const figure = useQuery(presetQuery(preset, context))
  return (
    <Stat
      label={label}
      isLoading={figure.isPending}
      value={figure.isError ? '–' : formatNumber(figure.data?.kwh, { maxDecimals: 1 })}
      unit="kWh"
    />
  )
}

function IdentityCard({ device }: { device: Device }) {
  const facts: [string, string][] = [
    ['Serial number', device.serial_number],
    ['Location', device.location ?? 'No location'],
    ['Handler', device.handler ?? 'None'],
    ['Description', device.description ?? '–'],
    ['First reading', formatDateTime(device.summary.first_reading_at)],
    ['Registered', formatDateTime(device.created_at)],
  ]
  return (
    <Card title="Identity">
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term} className={styles.factPair}>
            <dt className={styles.factTerm}>{term}</dt>
            <dd className={styles.factValue}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
