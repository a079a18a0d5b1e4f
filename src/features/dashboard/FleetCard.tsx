import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Device, DeviceList } from '~/api'
import { Card, EmptyState, Inline, linkClassName, Stack, Stat, Text } from '~/ui'
import { lastSeenText } from '../devices/format'
import { CardList, CardListItem } from './CardList'
import * as styles from './dashboard.css'
import type { dashboardQueries } from './dashboard-queries'
import { WidgetBody } from '../shared/WidgetBody'

const OFFLINE_SHOWN = 5

const byLongestSilent = (a: Device, b: Device) =>
  (a.last_seen ?? '').localeCompare(b.last_seen ?? '')

function Fleet({ list, now }: { list: DeviceList; now: Date }) {
  const online = list.items.filter((d) => d.status === 'online').length
  const offline = list.items.filter((d) => d.status === 'offline').sort(byLongestSilent)
  const unknown = list.items.length - online - offline.length
  return (
    <Stack space="md">
      <Inline space="xl">
        <Stat label="Online" value={online} />
        <Stat label="Offline" value={offline.length} />
        {unknown > 0 && <Stat label="Never reported" value={unknown} />}
      </Inline>
      {list.items.length === 0 ? (
        <EmptyState
          size="sm"
          icon="devices"
          title="No devices yet"
          description="Register a device to see it here."
        />
      ) : offline.length === 0 ? (
        <Text as="p" size="sm" tone="muted">
          Every device is reporting.
        </Text>
      ) : (
        <CardList aria-label="Offline devices">
          {offline.slice(0, OFFLINE_SHOWN).map((device) => (
            <CardListItem key={device.id}>
              <span className={styles.itemText}>
                <Link
                  to="/devices/$deviceId/status"
                  params={{ deviceId: device.id }}
                  className={linkClassName('standalone')}
                >
                  {device.name}
                </Link>
                <Text size="xs" tone="muted" breakWord>
                  {device.location ?? 'No location'}
                </Text>
              </span>
              <Text size="xs" tone="muted" breakWord>
                {lastSeenText(device.last_seen, now)}
              </Text>
            </CardListItem>
          ))}
        </CardList>
      )}
      {list.total > list.items.length && (
        <Text as="p" size="sm" tone="muted">
          Counting the first {list.items.length} of {list.total} devices.
        </Text>
      )}
    </Stack>
  )
}

/** Devices online and offline in the scope, the longest silent first. */
export function FleetCard({
  options,
  now,
}: {
  options: ReturnType<typeof dashboardQueries>['fleet']
  now: Date
}) {
  const query = useQuery(options)
  const offline = query.data?.items.filter((d) => d.status === 'offline').length ?? 0
  return (
    <Card
      title="Fleet"
      description="Devices online and offline right now"
      footer={
        offline > OFFLINE_SHOWN ? (
          <Link
            to="/devices"
            search={{ status: 'offline' }}
            className={linkClassName('standalone')}
          >
            View all {offline} offline devices
          </Link>
        ) : (
          <Link to="/devices" className={linkClassName('standalone')}>
            View devices
          </Link>
        )
      }
    >
      <WidgetBody query={query} what="the fleet">
        {(list) => <Fleet list={list} now={now} />}
      </WidgetBody>
    </Card>
  )
}
