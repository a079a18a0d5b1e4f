import { useQuery } from '@tanstack/react-query'
import { getSystemInfoOptions, type SystemInfo } from '~/api'
import { Card, Stack, Text, Tiles } from '~/ui'
import { WidgetBody } from '../shared/WidgetBody'
import { formatDuration, formatNumber } from '~/lib/format'

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

export function formatBytes(bytes: number | null) {
  if (bytes === null) return 'Unknown'
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${formatNumber(value, { maxDecimals: 1 })} ${units[unit]}`
}

function facts(info: SystemInfo): [string, string][] {
  return [
    ['Version', info.version],
    ['Environment', info.environment],
    ['Up for', formatDuration(info.uptime_seconds * 1000)],
    ['Started', dateTime.format(new Date(info.started_at))],
    ['Node.js', info.node_version],
    [
      'Database',
      `${info.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${info.database.version}`,
    ],
    ['Database size', formatBytes(info.database.size_bytes)],
    ['Memory (RSS)', `${formatNumber(info.memory.rss_mb, { maxDecimals: 1 })} MB`],
    ['Users', formatNumber(info.counts.users)],
    ['Groups', formatNumber(info.counts.groups)],
    ['Devices', formatNumber(info.counts.devices)],
    ['Readings', formatNumber(info.counts.readings)],
    ['Notifications', formatNumber(info.counts.notifications)],
  ]
}

/** The API server's state, for developers and superusers. */
export function SystemInfoSection() {
  const query = useQuery(getSystemInfoOptions())
  return (
    <Card title="Application" description="The API server this console talks to">
      <WidgetBody query={query} what="the application info">
        {(info) => (
          <Tiles as="dl" space="lg" minItemWidth="12rem" fill>
            {facts(info).map(([label, value]) => (
              <Stack key={label} space="xxs">
                <Text as="dt" size="xs" tone="muted" weight="medium">
                  {label}
                </Text>
                <Text as="dd" tabularNums breakWord>
                  {value}
                </Text>
              </Stack>
            ))}
          </Tiles>
        )}
      </WidgetBody>
    </Card>
  )
}
