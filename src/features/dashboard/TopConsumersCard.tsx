import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { EnergyReport } from '~/api'
import { Card, EmptyState, Inline, linkClassName, Stack, Text } from '~/ui'
import { formatQuantity } from '~/lib/format'
import { sprinkles } from '~/styles'
import { formatKw, formatPeakAt } from '../consumption/peak'
import { highestPeak } from './bill-peak'
import type { energyReportOptions } from '../reports/report-query'
import { CardList, CardListItem } from './CardList'
import * as styles from './dashboard.css'
import { WidgetBody } from '../shared/WidgetBody'

const TOP = 5

function Ranking({ report, period }: { report: EnergyReport; period: string }) {
  // Devices without data this month are not ranked (no data is not zero).
  const top = report.devices
    .flatMap((d) => (d.current_kwh === null ? [] : [{ ...d, current_kwh: d.current_kwh }]))
    .sort((a, b) => b.current_kwh - a.current_kwh)
    .slice(0, TOP)
  const max = top[0]?.current_kwh ?? 0
  if (max === 0) return <EmptyState size="sm" icon="bolt" title={`No consumption yet ${period}`} />
  return (
    <CardList as="ol" aria-label={`Top consumers ${period}`}>
      {top.map((device) => (
        <CardListItem key={device.device_id}>
          <span className={styles.itemText} style={{ flex: 1 }}>
            <Link
              to="/devices/$deviceId/consumption"
              params={{ deviceId: device.device_id }}
              search={{ view: 'daily' }}
              className={linkClassName('standalone')}
            >
              {device.device_name}
            </Link>
            {/* The bar's width is data, not colour: the one inline style allowed. */}
            <span
              className={styles.share}
              style={{ width: `${(device.current_kwh / max) * 100}%` }}
              aria-hidden="true"
            />
          </span>
          <Text nowrap weight="medium" tabularNums>
            {formatQuantity(device.current_kwh, report.unit)}
          </Text>
        </CardListItem>
      ))}
    </CardList>
  )
}

/**
 * The highest peak demand of the period across the devices (issue 35), linking to that device's
 * hours on the peak's day (where its power chart is); in words when no device has one.
 */
function HighestPeak({ report, period }: { report: EnergyReport; period: string }) {
  const peak = highestPeak(report.devices)
  return (
    <Stack
      as="section"
      space="xxs"
      aria-label={`Highest peak ${period}`}
      className={sprinkles({ paddingTop: 'sm', borderTop: 'line' })}
    >
      <Text size="sm" tone="muted">
        Highest peak {period}
      </Text>
      {peak ? (
        <>
          <Inline space="md" align="between" alignY="baseline">
            <Link
              to="/devices/$deviceId/consumption"
              params={{ deviceId: peak.deviceId }}
              // The peak's day in the group's calendar, per hour: where its power chart is.
              search={{ view: 'hourly', date: peak.at.slice(0, 10) }}
              className={linkClassName('standalone')}
            >
              {peak.deviceName}
            </Link>
            <Text nowrap weight="medium" tabularNums>
              {formatKw(peak.kw)}
            </Text>
          </Inline>
          <Text size="xs" tone="muted">
            {formatPeakAt(peak.at)}
            {peak.estimated && ' · estimated: an edge falls between readings'}
          </Text>
        </>
      ) : (
        <Text size="sm">
          {report.devices.some((d) => d.current_kwh)
            ? `No device has a peak ${period} yet: a peak needs readings at most 15 minutes apart.`
            : // Nothing used yet: no reason to give beyond the ranking's own 'No consumption yet'.
              `No peak ${period} yet.`}
        </Text>
      )}
    </Stack>
  )
}

/**
 * The devices that used the most this bill or month (from the month card's report: no extra
 * request); `period` names it ('this bill').
 */
export function TopConsumersCard({
  options,
  period = 'this month',
}: {
  options: ReturnType<typeof energyReportOptions>
  period?: string
}) {
  const query = useQuery(options)
  return (
    <Card
      title="Top consumers"
      description={`${period[0]!.toUpperCase()}${period.slice(1)} so far`}
    >
      <WidgetBody query={query} what="the top consumers">
        {(report) => (
          <Stack space="md">
            <Ranking report={report} period={period} />
            <HighestPeak report={report} period={period} />
          </Stack>
        )}
      </WidgetBody>
    </Card>
  )
}
