// date-fns' approximate wording ('about 2 hours ago'), as the rendered attributes beside it read.
import { formatDistanceToNow } from 'date-fns'
import type { Notification } from '~/api'
import { Inline, Stack, Text, VisuallyHidden } from '~/ui'
import { renderNotification } from './render-notification'
import * as styles from './notifications.css'
import { formatDateTime } from '~/lib/format'

/** '5 minutes ago' from triggered_at; an unparseable time shows nothing rather than 'Invalid Date'. */
export function RelativeTime({ iso }: { iso: string }) {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  return (
    <Text as="time" size="xs" tone="muted" dateTime={iso} title={formatDateTime(iso)}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </Text>
  )
}

export interface NotificationSummaryProps {
  notification: Notification
  unread: boolean
  /** How many attributes to show; the bell shows the first two. @default all */
  attributeLimit?: number
}

/**
 * A delivery's text as spec §2 lists it: the blue dot when unread, title, message, attributes and a
 * relative time. Spans only, so it can sit inside a button.
 */
export function NotificationSummary({
  notification,
  unread,
  attributeLimit,
}: NotificationSummaryProps) {
  const rendered = renderNotification(notification)
  const attributes = rendered.attributes.slice(0, attributeLimit)
  return (
    <>
      <span className={unread ? styles.unreadDot : undefined} aria-hidden="true" />
      <Stack as="span" space="xxs">
        <Text size="sm" weight={unread ? 'bold' : 'regular'} breakWord>
          {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
          {rendered.title}
        </Text>
        {rendered.message && (
          <Text size="sm" tone={unread ? 'neutral' : 'muted'} breakWord>
            {rendered.message}
          </Text>
        )}
        {attributes.length > 0 && (
          <span className={styles.attributes}>
            {attributes.map((attribute) => (
              <Inline as="span" key={attribute.label} space="xs" wrap="nowrap">
                <Text weight="medium">{attribute.label}:</Text>
                <Text tone="neutral" tabularNums>
                  {attribute.value}
                </Text>
              </Inline>
            ))}
          </span>
        )}
        <RelativeTime iso={notification.triggered_at} />
      </Stack>
    </>
  )
}
