import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { scopeGroupsOptions } from '../scope/scope-queries'
import { useAppServices } from '../shell/use-app-services'
import { usePreferredTheme } from '../settings/use-preferred-theme'
import { isElevated } from './roles'
import { currentUserQuery, setAuthHint } from './session'
import { startTokenRefresh } from './token-refresh'
import { useSessionUser } from './use-session'

/**
 * Runs what a session needs while a user is signed in (spec §4): the auth hint, periodic token
 * refresh (stopped by a 401), and the group scope resolved against the groups the user can see.
 */
export function SessionLifecycle({ children }: { children: ReactNode }) {
  const user = useSessionUser()
  const queryClient = useQueryClient()
  const { refreshSession, scope } = useAppServices()
  const elevated = user ? isElevated(user.role) : false
  const groups = useQuery({ ...scopeGroupsOptions(), enabled: elevated })
  const groupIds = groups.data?.items.map((g) => g.id)
  usePreferredTheme(user !== null)

  useEffect(() => {
    if (!user) return
    setAuthHint(true)
    const stop = startTokenRefresh(refreshSession, () =>
      queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
    )
    return () => {
      stop()
      setAuthHint(false)
    }
  }, [user, refreshSession, queryClient])

  const groupKey = groupIds?.join(',')
  useEffect(() => {
    scope.sync(user, groupKey ? groupKey.split(',') : [])
  }, [scope, user, groupKey])

  return children
}
