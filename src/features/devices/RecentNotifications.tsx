import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { listNotificationsOptions, queryPolicy } from '../../api'
import { Card, EmptyState, ErrorState, SkeletonText } from '../../ui'
import * as styles from './devices.css'
import { formatAgo } from '../../lib/format'

/** How many of the user's latest deliveries are searched for this device's alerts. */
const FEED_WINDOW = 100
const SHOWN = 5

/** The latest alerts about this device, from the signed-in user's notification feed. */
export function RecentNotifications({
  deviceId,
  now = new Date(),
}: {
  deviceId: string
  now?: Date
}) {
  const feed = useQuery({
    ...listNotificationsOptions({ query: { limit: FEED_WINDOW } }),
    ...queryPolicy('realTime'),
    meta: { silent: true },
  })
  const mine = (feed.data?.deliveries ?? [])
    .filter((d) => d.notification.device_id === deviceId)
    .slice(0, SHOWN)
  return (
    <Card title="Recent notifications" actions={<Link to="/notifications">View all</Link>}>
      {feed.isPending ? (
        <SkeletonText lines={3} />
      ) : feed.isError ? (
        <ErrorState
          size="sm"
          title="Notifications could not be loaded"
          onRetry={() => void feed.refetch()}
        />
      ) : mine.length === 0 ? (
        <EmptyState
          size="sm"
          icon="bell"
          title="No recent notifications"
          description="Offline alerts and consumption spikes for this device appear here."
        />
      ) : (
        <ul className={styles.list}>
          {mine.map(({ id, notification }) => (
            <li key={id} className={styles.listItem}>
              <strong>{notification.title}</strong>
              <span>{notification.message}</span>
              <span className={styles.muted}>{formatAgo(notification.triggered_at, now)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
