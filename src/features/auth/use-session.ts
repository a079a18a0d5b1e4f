import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { errorStatus, logout, skipAuthRedirect } from '~/api'
import { useAppServices } from '../shared/use-app-services'
import { currentUserQuery } from './session'

/** The signed-in user, or null while signed out. */
export function useSessionUser() {
  return useQuery(currentUserQuery).data ?? null
}

/**
 * Spec §4: logout stops refresh (the lifecycle sees the user go), calls the server (a 401 ignored,
 * other failures only logged), clears cached auth, user, device and group data, then goes to /login
 * even if the call failed.
 */
export function useLogout() {
  const { logs, session } = useAppServices()
  return useCallback(async () => {
    try {
      await logout({ ...skipAuthRedirect, throwOnError: true })
    } catch (error) {
      if (errorStatus(error) !== 401)
        logs.child('auth').error('Logout failed', { error: String(error) })
    }
    session.end('logout')
  }, [logs, session])
}
