import { useQuery } from '@tanstack/react-query'
import { getSystemInfoOptions, type SystemInfo } from '../../api'
import { Card } from '../../ui'
import { WidgetBody } from '../shared/WidgetBody'
import * as styles from './settings.css'

const number = new Intl.NumberFormat('en-GB')
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 })
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

export function formatUptime(seconds: number) {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return days > 0
    ? `${days} d ${hours} h`
    : hours > 0
      ? `${hours} h ${minutes} min`
      : `${minutes} min`
}

export function formatBytes(bytes: number | null) {
  if (bytes === null) return 'Unknown'
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${oneDecimal.format(value)} ${units[unit]}`
}

function facts(info: SystemInfo): [string, string][] {
  return [
    ['Version', info.version],
    ['Environment', info.environment],
    ['Up for', formatUptime(info.uptime_seconds)],
    ['Started', dateTime.format(new Date(info.started_at))],
    ['Node.js', info.node_version],
    [
      'Database',
      `${info.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${info.database.version}`,
    ],
    ['Database size', formatBytes(info.database.size_bytes)],
    ['Memory (RSS)', `${oneDecimal.format(info.memory.rss_mb)} MB`],
    ['Users', number.format(info.counts.users)],
    ['Groups', number.format(info.counts.groups)],
    ['Devices', number.format(info.counts.devices)],
    ['Readings', number.format(info.counts.readings)],
    ['Notifications', number.format(info.counts.notifications)],
  ]
}

/** The API server's state, for developers and superusers. */
export function SystemInfoSection() {
  const query = useQuery(getSystemInfoOptions())
  return (
    <Card title="Application" description="The API server this console talks to">
      <WidgetBody query={query} what="the application info">
        {(info) => (
          <dl className={styles.facts}>
            {facts(info).map(([label, value]) => (
              <div key={label} className={styles.fact}>
                <dt className={styles.factLabel}>{label}</dt>
                <dd className={styles.factValue}>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </WidgetBody>
    </Card>
  )
}
