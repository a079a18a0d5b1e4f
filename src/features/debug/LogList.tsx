import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import { Button as AriaButton } from 'react-aria-components'
import { sprinkles } from '~/styles'
import { EmptyState, ErrorState, LevelBadge, Spinner, Text } from '~/ui'
import { contextSummary, requestSummary, type ViewerEntry } from './log-filters'
import * as styles from './debug.css'

const frame = sprinkles({ border: 'line', borderRadius: 'md', background: 'surface' })

export interface LogListProps {
  entries: readonly ViewerEntry[]
  isLoading: boolean
  isError: boolean
  /** Shows only the lines of this request; absent for sources without request ids. */
  onRequestSelect?: (requestId: string) => void
}

/** Date and time: a log spans days, and a time alone is ambiguous past midnight. */
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hour12: false,
})
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'long' })

function LogRow({
  entry,
  onRequestSelect,
}: {
  entry: ViewerEntry
  onRequestSelect?: (id: string) => void
}) {
  const date = new Date(entry.timestamp)
  const valid = !Number.isNaN(date.getTime())
  const request = requestSummary(entry)
  const context = contextSummary(entry.context)
  const hasMeta = request || context || entry.user_id || entry.request_id
  return (
    <>
      <Text
        as="time"
        mono
        size="xs"
        tone="muted"
        nowrap
        dateTime={entry.timestamp}
        title={valid ? dateFormat.format(date) : undefined}
      >
        {valid ? timeFormat.format(date) : entry.timestamp}
      </Text>
      <LevelBadge level={entry.level} />
      <span className={styles.message}>
        <Text mono size="xs" tone="muted" className={styles.logger}>
          {entry.logger}
        </Text>
        {entry.message}
      </span>
      {hasMeta && (
        <span className={styles.rowMeta}>
          {request && <span>{request}</span>}
          {context && <span className={styles.context}>{context}</span>}
          {entry.user_id && <span title={entry.user_id}>user {entry.user_id.slice(0, 8)}</span>}
          {entry.request_id && onRequestSelect && (
            <AriaButton
              className={styles.requestLink}
              onPress={() => onRequestSelect(entry.request_id!)}
              aria-label={`Show the lines of request ${entry.request_id}`}
            >
              request {entry.request_id.slice(0, 8)}
            </AriaButton>
          )}
        </span>
      )}
    </>
  )
}

/** Spec §2: the 600px log view, virtualised so 500 lines a page stay smooth; each state designed. */
export function LogList({ entries, isLoading, isError, onRequestSelect }: LogListProps) {
  const viewportRef = useRef<HTMLDivElement>(null)
  // The virtualizer is only read during render here, never handed to memoised children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => 56,
    overscan: 8,
  })
  const state = isLoading ? (
    <Spinner showLabel label="Loading logs..." />
  ) : isError ? (
    <ErrorState title="Error loading logs. You may need superuser permissions." />
  ) : entries.length === 0 ? (
    <EmptyState
      icon="search"
      title="No logs found"
      description="Change the filters or the time window, or wait for new lines."
    />
  ) : null

  return (
    <div
      ref={viewportRef}
      className={`${styles.viewport} ${frame}`}
      role="region"
      aria-label="Log entries"
      // The scrolling view must be reachable by keyboard: its rows have no focusable part of their own.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-busy={isLoading}
    >
      {state ? (
        <div className={styles.viewportState}>{state}</div>
      ) : (
        <div role="list" className={styles.rows} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={styles.row}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <LogRow entry={entries[item.index]!} onRequestSelect={onRequestSelect} />
            </div>
          ))}
        </div>
      )}
    </div>
  )
}
