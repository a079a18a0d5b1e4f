import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { Button as AriaButton } from 'react-aria-components'
import type { NotificationDelivery } from '~/api'
import { sprinkles } from '~/styles'
import {
  Button,
  Column,
  CountBadge,
  EmptyState,
  ErrorState,
  Heading,
  Icon,
  Inline,
  linkClassName,
  PopoverDialog,
  PopoverTrigger,
  Spinner,
  Stack,
  Text,
} from '~/ui'
import { useAppServices } from '../shared/use-app-services'
import {
  bellFeedOptions,
  unreadCountOptions,
  useMarkAllRead,
  useMarkRead,
} from './notification-queries'
import { NotificationSummary } from './NotificationSummary'
import * as styles from './notifications.css'

const BELL_ATTRIBUTES = 2

/** Spec §8: the bell swallows mark-read errors; they only reach the in-memory log. */
function useSilentFailure() {
  const { logs } = useAppServices()
  return useCallback(
    (error: unknown) =>
      logs.child('notifications').debug('Mark read failed', { error: String(error) }),
    [logs],
  )
}

/**
 * Once read, an item is plain text and its button goes; if it held focus, focus falls to the page
 * and the keyboard (Escape, Tab) no longer reaches the popover. It moves to the popover instead.
 */
function useFocusStaysInPopover(unread: boolean, item: RefObject<HTMLElement | null>) {
  const wasUnread = useRef(unread)
  useEffect(() => {
    const justRead = wasUnread.current && !unread
    wasUnread.current = unread
    if (!justRead || (document.activeElement && document.activeElement !== document.body)) return
    item.current?.closest<HTMLElement>('[role="dialog"]')?.focus()
  }, [unread, item])
}

function BellItem({
  delivery,
  onMarkRead,
}: {
  delivery: NotificationDelivery
  onMarkRead: (id: string) => void
}) {
  const unread = delivery.read_at === null
  const item = useRef<HTMLLIElement>(null)
  useFocusStaysInPopover(unread, item)
  const summary = (
    <NotificationSummary
      notification={delivery.notification}
      unread={unread}
      attributeLimit={BELL_ATTRIBUTES}
    />
  )
  return (
    <li ref={item} data-unread={unread || undefined}>
      {unread ? (
        <AriaButton
          className={`${styles.item} ${styles.itemPressable}`}
          onPress={() => onMarkRead(delivery.id)}
        >
          {summary}
        </AriaButton>
      ) : (
        <div className={styles.item}>{summary}</div>
      )}
    </li>
  )
}

function BellFeed() {
  const feed = useQuery(bellFeedOptions())
  const markRead = useMarkRead(useSilentFailure())
  if (feed.isPending) {
    return (
      <Inline
        space="sm"
        align="center"
        alignY="center"
        className={sprinkles({ padding: 'xl', fontSize: 'sm', color: 'muted' })}
      >
        <Spinner size="sm" decorative />
        <span role="status">Loading notifications...</span>
      </Inline>
    )
  }
  if (feed.isError) {
    return (
      <ErrorState
        size="sm"
        title="Notifications could not be loaded"
        onRetry={() => void feed.refetch()}
        isRetrying={feed.isFetching}
      />
    )
  }
  if (feed.data.deliveries.length === 0) {
    return (
      <EmptyState
        size="sm"
        icon="bell"
        title="No notifications yet"
        description="Alerts about offline devices or consumption spikes will appear here."
      />
    )
  }
  return (
    <Stack as="ul" space="none" dividers>
      {feed.data.deliveries.map((delivery) => (
        <BellItem
          key={delivery.id}
          delivery={delivery}
          onMarkRead={(id) => markRead.mutate({ path: { id } })}
        />
      ))}
    </Stack>
  )
}

/** `unread` is null until the count has loaded: no 'all caught up' before it is known. */
function BellPanel({ unread, close }: { unread: number | null; close: () => void }) {
  const markAll = useMarkAllRead(useSilentFailure())
  return (
    <Stack space="none" className={styles.panel}>
      <Inline
        space="md"
        alignY="center"
        wrap="nowrap"
        className={sprinkles({ paddingY: 'md', paddingX: 'lg', borderBottom: 'line' })}
      >
        <Column>
          <Heading level={2} size="md">
            Notifications
          </Heading>
          <Text as="p" size="xs" tone="muted">
            {unread === null ? '\u00a0' : unread > 0 ? `${unread} unread` : "You're all caught up"}
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
      <div
        className={styles.panelBody}
        role="region"
        aria-label="Latest notifications"
        // A scrolling region must be reachable by keyboard even when no item in it is a button.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <BellFeed />
      </div>
      <Inline
        space="md"
        align="between"
        alignY="center"
        wrap="nowrap"
        className={sprinkles({
          paddingY: 'sm',
          paddingX: 'lg',
          borderTop: 'line',
          fontSize: 'xs',
          color: 'muted',
        })}
      >
        <span>Notifications refresh every minute.</span>
        <Text size="sm" nowrap>
          <Link to="/notifications" className={linkClassName('standalone')} onClick={close}>
            View all
          </Link>
        </Text>
      </Inline>
    </Stack>
  )
}

/** Spec §2 'Notification bell popover': the top bar's bell, its unread badge and the latest 20 deliveries. */
export function NotificationBell() {
  const count = useQuery(unreadCountOptions())
  const unread = count.data?.unread_count ?? 0
  return (
    <PopoverTrigger>
      <Button
        intent="iconGhost"
        className={styles.bellButton}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <Icon name="bell" />
        <CountBadge count={unread} className={styles.bellBadge} />
      </Button>
      <PopoverDialog aria-label="Notifications" placement="bottom end" padded={false}>
        {({ close }) => <BellPanel unread={count.data ? unread : null} close={close} />}
      </PopoverDialog>
    </PopoverTrigger>
  )
}
