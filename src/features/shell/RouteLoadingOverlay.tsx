import { useRouterState } from '@tanstack/react-router'
import { Spinner } from '../../ui'
import * as styles from './shell.css'

/** Spec §2: a spinner with a message while a route loads; only after a short delay, so quick
 * navigations do not flash. */
export function RouteLoadingOverlay({
  message = 'Loading page...',
}: {
  /** @default 'Loading page...' */ message?: string
}) {
  const pending = useRouterState({
    select: (s) => s.status === 'pending' && s.matches.some((m) => m.status === 'pending'),
  })
  if (!pending) return null
  return <RouteLoadingView message={message} />
}

export function RouteLoadingView({ message }: { message: string }) {
  return (
    <div className={styles.loadingOverlay}>
      <div className={styles.loadingCard} role="status" aria-live="polite">
        <Spinner decorative /> {message}
      </div>
    </div>
  )
}
