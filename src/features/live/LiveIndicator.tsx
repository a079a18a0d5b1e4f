import { Badge, Button, Inline, Text } from '~/ui'
import { liveStore, type LiveView } from './live-store'
import { useLiveView } from './use-live-events'

export interface LiveIndicatorProps {
  view: LiveView
  onRetry: () => void
}

/**
 * Says in the top bar when live updates are off (issue 23): nothing while the stream is open or
 * first connecting; "Live updates off" and a button to try now while it waits to retry (with
 * growing backoff); "Reconnecting..." while an attempt runs. Pages keep their periodic refresh.
 */
export function LiveIndicator({ view, onRetry }: LiveIndicatorProps) {
  const { state, wasLive } = view
  if (state.status === 'live' || (state.status === 'connecting' && !wasLive)) return null
  return (
    <div role="status" aria-live="polite">
      <Inline space="xs" alignY="center" wrap="nowrap">
        <Badge variant="warning" size="sm">
          Live updates off
        </Badge>
        {state.status === 'offline' ? (
          <Button intent="headerAction" onPress={onRetry}>
            Reconnect
          </Button>
        ) : (
          <Text size="xs" tone="muted">
            Reconnecting...
          </Text>
        )}
      </Inline>
    </div>
  )
}

/** The indicator for this tab's connection. */
export function LiveIndicatorSlot() {
  const view = useLiveView()
  return <LiveIndicator view={view} onRetry={liveStore.retryNow} />
}
