import { useRouter, useRouterState, type AnyRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Spinner } from '~/ui'
import * as styles from './shell.css'

/** Quick navigations finish before this and never show the overlay. */
export const OVERLAY_DELAY_MS = 300

/**
 * Spec §2: a spinner with a message while a route loads. One loader at a time: while a route shows
 * its own pending screen (the session skeleton of a cold load or of the first page after sign-in),
 * the overlay stays away; otherwise it comes only after a short delay, so quick navigations do not
 * flash.
 */
export function RouteLoadingOverlay({
  message = 'Loading page...',
}: {
  /** @default 'Loading page...' */ message?: string
}) {
  const router = useRouter()
  const pending = useRouterState({
    select: (s) => {
      const loading = s.matches.filter((m) => m.status === 'pending')
      return (
        s.status === 'pending' &&
        loading.length > 0 &&
        !loading.some(
          (m) =>
            (router.routesById as unknown as Record<string, AnyRoute | undefined>)[m.routeId]
              ?.options.pendingComponent,
        )
      )
    },
  })
  const shown = useDelayed(pending, OVERLAY_DELAY_MS)
  return shown ? <RouteLoadingView message={message} /> : null
}

/** True once `value` has stayed true for `ms`; false as soon as it is false. */
function useDelayed(value: boolean, ms: number) {
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    if (!value) return
    const timer = setTimeout(() => setSettled(true), ms)
    return () => {
      clearTimeout(timer)
      setSettled(false)
    }
  }, [value, ms])
  return value && settled
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
