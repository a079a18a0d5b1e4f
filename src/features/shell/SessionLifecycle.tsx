import { useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { scopeGroupsOptions } from '../scope/scope-queries'
import { useAppServices } from '../shared/use-app-services'
import { usePreferredTheme } from '../settings/use-preferred-theme'
import { isElevated } from '../auth/roles'
import { setAuthHint } from '../auth/session'
import { startTokenRefresh } from '../auth/token-refresh'
import { useSessionUser } from '../auth/use-session'
import { useLiveEvents } from '../live/use-live-events'

/**
 * Runs what a session needs while a user is signed in (spec §4): the auth hint, periodic token
 * refresh, the live event stream, and the group scope resolved against the groups the user can see. When the session ends
 * under it (the timed refresh answers 401, or the user lookup finds nobody), the session ends for
 * good: the login page, not a signed-out shell.
 */
export function SessionLifecycle({ children }: { children: ReactNode }) {
  const user = useSessionUser()
  const { refreshSession, scope, session } = useAppServices()
  const elevated = user ? isElevated(user.role) : false
  const groups = useQuery({ ...scopeGroupsOptions(), enabled: elevated })
  const groupIds = groups.data?.items.map((g) => g.id)
  usePreferredTheme(user !== null)
  // One live event stream per tab while signed in (issue 23).
  useLiveEvents(user !== null)

  useEffect(() => {
    if (!user) return session.end('expired')
    session.begin()
    setAuthHint(true)
    const stop = startTokenRefresh(refreshSession, () => session.end('expired'))
    return () => {
      stop()
      setAuthHint(false)
    }
  }, [user, refreshSession, session])

  const groupKey = groupIds?.join(',')
  useEffect(() => {
    scope.sync(user, groupKey ? groupKey.split(',') : [])
  }, [scope, user, groupKey])

  return children
}
