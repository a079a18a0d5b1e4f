import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { getServerStatusOptions, queryPolicy, type ServerNotice } from '~/api'
import { Button, Notice } from '~/ui'
import type { Role } from '../auth/roles'
import { useSessionUser } from '../auth/use-session'
import * as styles from './shell.css'

/** Who sees the server's notices: those who can act on them (getServerStatus, admins and above). */
const NOTICE_ROLES: readonly Role[] = ['DEVELOPER', 'SUPERUSER', 'ADMIN']
/** A notice such as the embedded database past its capacity comes and goes over minutes. */
const REFRESH_MS = 60_000
export const DISMISSED_NOTICES_KEY = 'meterdeck.dismissed-server-notices'

function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_NOTICES_KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Notice ids dismissed in this browser session (this tab; a new session shows them again). */
function useDismissed() {
  const [dismissed, setDismissed] = useState(readDismissed)
  const dismiss = (id: string) => {
    const next = [...dismissed, id]
    setDismissed(next)
    try {
      sessionStorage.setItem(DISMISSED_NOTICES_KEY, JSON.stringify(next))
    } catch {
      // Storage refused (private mode): dismissed until the page reloads.
    }
  }
  return { dismissed, dismiss }
}

/** One notice: its title, what was seen and what to do, and a way to hide it for the session. */
export function ServerNoticeItem({
  notice,
  onDismiss,
}: {
  notice: ServerNotice
  onDismiss: () => void
}) {
  return (
    <Notice
      as="div"
      role="status"
      tone={notice.severity === 'critical' ? 'critical' : 'caution'}
      className={styles.serverNotice}
    >
      <div className={styles.serverNoticeText}>
        <strong>{notice.title}</strong> {notice.detail}
      </div>
      <Button intent="listItemAction" aria-label={`Dismiss: ${notice.title}`} onPress={onDismiss}>
        Dismiss
      </Button>
    </Notice>
  )
}

/**
 * What the server says admins should act on (GET /api/v1/server/status), above every page of the
 * shell: nothing for users, nothing when all is well or the call fails.
 */
export function ServerNotices() {
  const user = useSessionUser()
  const allowed = user !== null && NOTICE_ROLES.includes(user.role)
  const { data } = useQuery({
    ...getServerStatusOptions(),
    ...queryPolicy('realTime', 'low'),
    enabled: allowed,
    refetchInterval: REFRESH_MS,
  })
  const { dismissed, dismiss } = useDismissed()
  const shown = allowed ? (data?.notices ?? []).filter((n) => !dismissed.includes(n.id)) : []
  if (shown.length === 0) return null
  return (
    <section className={styles.serverNotices} aria-label="Server notices">
      {shown.map((notice) => (
        <ServerNoticeItem key={notice.id} notice={notice} onDismiss={() => dismiss(notice.id)} />
      ))}
    </section>
  )
}
