import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Device } from '~/api'
import { Box, Card, DescriptionList, Stack, Stat, Text, Tiles } from '~/ui'
import {
  presetQuery,
  type ConsumptionContext,
  type PresetKey,
} from '../consumption/consumption-queries'
import { useCalendar } from '../consumption/calendar'
import { exportNetLine, peakNote } from '../consumption/peak'
import { DeviceAlarms } from './DeviceAlarms'
import { DeviceFrame } from './DeviceFrame'
import { MeasurementChart } from './MeasurementChart'
import { ENERGY } from './reading-types'
import { ReadingsCard } from './ReadingsCard'
import { RecentNotifications } from './RecentNotifications'
import { formatDateTime, formatKwh, formatQuantityFigure } from '~/lib/format'
import { plural } from '~/lib/plural'
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
 * The device's open alarms, identity, status, latest reading, today/week/month figures, a small
 * chart, the readings of the charted measurement and recent alerts.
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
        <Box display="flex" flexDirection="column" gap="lg" marginBottom="lg">
          <DeviceAlarms deviceId={deviceId} />
          <Tiles space="lg" minItemWidth="18rem">
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
              <Tiles space="lg" minItemWidth="10rem">
                <Figure preset="today" label="Today" context={context} />
                <Figure preset="thisWeek" label="This week" context={context} />
                <Figure preset="thisMonth" label="This month" context={context} />
                <PeakThisBill context={context} />
              </Tiles>
            </Card>
            <Card title="Latest reading">
              <Stack space="xxs" align="start">
                <Text size="xl" weight="semibold" tabularNums>
                  {formatKwh(device.latest_kwh)}
                </Text>
                <Text size="xs" tone="muted">
                  {device.summary.last_reading_at
                    ? `Read ${formatDateTime(device.summary.last_reading_at)} · ${plural(device.summary.reading_count, 'reading')}`
                    : 'No readings yet'}
                </Text>
              </Stack>
            </Card>
          </Tiles>
          <Tiles space="lg" minItemWidth="18rem">
            <MeasurementChart
              deviceId={deviceId}
              measurement={measurement}
              onMeasurementChange={onMeasurementChange}
              context={context}
              now={now}
            />
          </Tiles>
          <Tiles space="lg" minItemWidth="18rem">
            <ReadingsCard deviceId={deviceId} measurement={measurement ?? ENERGY} />
          </Tiles>
          <Tiles space="lg" minItemWidth="18rem">
            <IdentityCard device={device} />
            <RecentNotifications deviceId={deviceId} now={now} />
          </Tiles>
        </Box>
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
  const twoWay = figure.data ? exportNetLine(figure.data) : null
  return (
    <Stack space="xs">
      <Stat
        label={label}
        // Four figures share the card: at 'lg' a '14,461.59' pushed its unit under it.
        size="md"
        isLoading={figure.isPending}
        value={figure.isError ? '–' : formatQuantityFigure(figure.data?.kwh, 'kWh')}
        unit="kWh"
      />
      {twoWay && (
        <Text size="xs" tone="muted">
          {twoWay}
        </Text>
      )}
    </Stack>
  )
}

/** The running bill's peak demand (issue 35): what the demand charge is billed on. */
function PeakThisBill({ context }: { context: ConsumptionContext }) {
  const figure = useQuery(presetQuery('thisBill', context))
  return (
    <Stack space="xs">
      <Stat
        label="Peak this bill"
        size="md"
        isLoading={figure.isPending}
        value={figure.isError ? '–' : formatQuantityFigure(figure.data?.peak_kw, 'kW')}
        unit={figure.data?.peak_kw == null ? undefined : 'kW'}
      />
      {figure.data && (
        <Text size="xs" tone="muted">
          {peakNote(figure.data)}
        </Text>
      )}
    </Stack>
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
      <DescriptionList items={facts} />
    </Card>
  )
}
