import { FullPageSkeleton } from '~/ui'

/** Spec §2: shown while the session is checked. */
export function SessionSkeleton() {
  return <FullPageSkeleton />
}
