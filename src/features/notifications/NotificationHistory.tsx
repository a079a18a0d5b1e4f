import { useQuery } from '@tanstack/react-query'
import type { NotificationDelivery } from '~/api'
import {
  Box,
  Button,
  Card,
  Column,
  EmptyState,
  Inline,
  Pagination,
  Skeleton,
  Stack,
  Switch,
  Text,
  VisuallyHidden,
} from '~/ui'
import {
  HISTORY_PAGE_SIZE,
  historyOptions,
  unreadCountOptions,
  useMarkAllRead,
  useMarkRead,
} from './notification-queries'
import { WidgetBody } from '../shared/WidgetBody'
import { NotificationSummary } from './NotificationSummary'
import { useNotify } from './use-notify'
import * as styles from './notifications.css'
import * as page from './page.css'

export interface NotificationHistoryProps {
  /** 1-based page of the history. */
  page: number
  unreadOnly: boolean
  onPageChange: (page: number) => void
  onUnreadOnlyChange: (unreadOnly: boolean) => void
}

function HistoryItem({
  delivery,
  onMarkRead,
  isMarking,
}: {
  delivery: NotificationDelivery
  onMarkRead: () => void
  isMarking: boolean
}) {
  const unread = delivery.read_at === null
  return (
    <li className={page.historyItem} data-unread={unread || undefined}>
      <div className={`${styles.item} ${page.historyText}`}>
        <NotificationSummary notification={delivery.notification} unread={unread} />
      </div>
      {unread && (
        <Button
          variant="ghost"
          size="sm"
          className={page.itemAction}
          isPending={isMarking}
          onPress={onMarkRead}
        >
          Mark read
        </Button>
      )}
    </li>
  )
}

function HistorySkeleton() {
  return (
    <Card padding="none">
      <Box display="flex" flexDirection="column" gap="sm" padding="lg">
        <span role="status">
          <VisuallyHidden>Loading notifications...</VisuallyHidden>
        </span>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} shape="rect" height="4.5rem" />
        ))}
      </Box>
    </Card>
  )
}

/** Spec §2 /notifications, tab history: every delivery, paged, with an unread filter and mark read. */
export function NotificationHistory({
  page: pageNumber,
  unreadOnly,
  onPageChange,
  onUnreadOnlyChange,
}: NotificationHistoryProps) {
  const notify = useNotify()
  const history = useQuery(historyOptions(unreadOnly))
  const count = useQuery(unreadCountOptions())
  const markRead = useMarkRead(notify.failure('Failed to mark notification as read'))
  const markAll = useMarkAllRead(notify.failure('Failed to mark notifications as read'))
  // Unknown until either call answers: then no 'all caught up' and no mark-all.
  const unread = count.data?.unread_count ?? history.data?.unread_count ?? null
  const deliveries = history.data?.deliveries ?? []
  const pageCount = Math.max(1, Math.ceil(deliveries.length / HISTORY_PAGE_SIZE))
  const current = Math.min(pageNumber, pageCount)
  const shown = deliveries.slice((current - 1) * HISTORY_PAGE_SIZE, current * HISTORY_PAGE_SIZE)

  return (
    <Stack space="lg">
      <Inline space="md" alignY="center">
        <Switch isSelected={unreadOnly} onChange={onUnreadOnlyChange}>
          Unread only
        </Switch>
        <Column as="span">
          <Text size="sm" tone="muted">
            {unread === null ? null : unread > 0 ? `${unread} unread` : "You're all caught up"}
          </Text>
        </Column>
        <Button
          intent="toolbarAction"
          isDisabled={!unread}
          isPending={markAll.isPending}
          onPress={() => markAll.mutate({})}
        >
          Mark all read
        </Button>
      </Inline>
      <WidgetBody
        query={history}
        what="notifications"
        loading={<HistorySkeleton />}
        error={{ title: 'Notifications could not be loaded' }}
        empty={
          history.data &&
          deliveries.length === 0 &&
          (unreadOnly ? (
            <EmptyState
              icon="checkCircle"
              title="No unread notifications"
              description="You're all caught up. Turn off 'Unread only' to see earlier alerts."
            />
          ) : (
            <EmptyState
              icon="bell"
              title="No notifications yet"
              description="Alerts about offline devices or consumption spikes will appear here."
            />
          ))
        }
      >
        {({ total }) => (
          <>
            <Card padding="none">
              <Stack as="ul" space="none" dividers aria-label="Notification history">
                {shown.map((delivery) => (
                  <HistoryItem
                    key={delivery.id}
                    delivery={delivery}
                    isMarking={markRead.isPending && markRead.variables?.path.id === delivery.id}
                    onMarkRead={() => markRead.mutate({ path: { id: delivery.id } })}
                  />
                ))}
              </Stack>
            </Card>
            <Pagination
              aria-label="Notification pages"
              page={current}
              pageSize={HISTORY_PAGE_SIZE}
              total={deliveries.length}
              onPageChange={onPageChange}
            />
            {total > deliveries.length && (
              <Text as="p" size="xs" tone="muted">
                Showing the newest {deliveries.length} of {total} notifications.
              </Text>
            )}
          </>
        )}
      </WidgetBody>
    </Stack>
  )
}
