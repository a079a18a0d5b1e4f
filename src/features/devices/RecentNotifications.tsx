import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { listNotificationsOptions, queryPolicy } from '~/api'
import { Box, Card, EmptyState, SkeletonText, Stack, Text } from '~/ui'
import { formatAgo } from '~/lib/format'
import { WidgetBody } from '../shared/WidgetBody'

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
      <WidgetBody
        query={feed}
        what="notifications"
        loading={<SkeletonText lines={3} />}
        error={{ size: 'sm', title: 'Notifications could not be loaded' }}
        empty={
          mine.length === 0 && (
            <EmptyState
              size="sm"
              icon="bell"
              title="No recent notifications"
              description="Offline alerts and consumption spikes for this device appear here."
            />
          )
        }
      >
        {() => (
          <Stack as="ul" space="none" dividers>
            {mine.map(({ id, notification }) => (
              <Box
                as="li"
                display="flex"
                flexDirection="column"
                gap="xxs"
                paddingY="sm"
                fontSize="sm"
                key={id}
              >
                <strong>{notification.title}</strong>
                <span>{notification.message}</span>
                <Text size="xs" tone="muted">
                  {formatAgo(notification.triggered_at, now)}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </WidgetBody>
    </Card>
  )
}
