import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { NotificationFeed } from '~/api'
import { Card, EmptyState, linkClassName, Text } from '~/ui'
import { renderNotification } from '../notifications/render-notification'
import { CardList, CardListItem } from './CardList'
import * as styles from './dashboard.css'
import { UNREAD_SHOWN, type dashboardQueries } from './dashboard-queries'
import { WidgetBody } from '../shared/WidgetBody'
import { formatAgo } from '~/lib/format'

function Unread({ feed, now }: { feed: NotificationFeed; now: Date }) {
  const unread = feed.deliveries.filter((d) => d.read_at === null).slice(0, UNREAD_SHOWN)
  if (unread.length === 0) {
    return (
      <EmptyState
        size="sm"
        icon="bell"
        title="You're all caught up"
        description="Alerts about offline devices or consumption spikes will appear here."
      />
    )
  }
  return (
    <CardList aria-label="Latest unread notifications">
      {unread.map((delivery) => {
        const { title, message } = renderNotification(delivery.notification, now)
        return (
          <CardListItem key={delivery.id}>
            <span className={styles.unreadDot} aria-hidden="true" />
            <span className={styles.itemText} style={{ flex: 1 }}>
              <Link
                to="/notifications"
                search={{ tab: 'history' }}
                className={linkClassName('standalone')}
              >
                {title}
              </Link>
              <Text size="xs" tone="muted" breakWord>
                {message}
              </Text>
            </span>
            <Text size="xs" tone="muted" breakWord>
              {formatAgo(delivery.notification.triggered_at, now)}
            </Text>
          </CardListItem>
        )
      })}
    </CardList>
  )
}

/** The latest unread notifications. */
export function UnreadCard({
  options,
  now,
}: {
  options: ReturnType<typeof dashboardQueries>['notifications']
  now: Date
}) {
  const query = useQuery(options)
  const count = query.data?.unread_count ?? 0
  return (
    <Card
      title="Unread notifications"
      description={query.data ? `${count} unread` : undefined}
      footer={
        <Link to="/notifications" className={linkClassName('standalone')}>
          View all
        </Link>
      }
    >
      <WidgetBody query={query} what="notifications">
        {(feed) => <Unread feed={feed} now={now} />}
      </WidgetBody>
    </Card>
  )
}
