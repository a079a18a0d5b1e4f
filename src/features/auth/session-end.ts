import type { QueryClient } from '@tanstack/react-query'
import { forget } from '~/api'
import { loginHref } from '~/lib/redirect'
import type { FeedbackInput, FeedbackStore } from '../feedback/feedback-store'
import { currentUserQuery, setAuthHint } from './session'

/** Where the login page looks for what to tell a person who arrives there. */
export const LOGIN_FEEDBACK_SCOPE = 'login'

/** Issue 20: one short message on the login page when a session ended without the user asking. */
export const sessionEndedNotice: FeedbackInput = {
  scope: LOGIN_FEEDBACK_SCOPE,
  severity: 'warning',
  title: 'Your session ended',
  message: 'Sign in again to continue where you were.',
}

export type SessionEndReason = 'logout' | 'expired'

interface SessionEndDeps {
  queryClient: QueryClient
  feedback: FeedbackStore
  scope: { sync: (user: null, groups: string[]) => void }
  navigate: (href: string) => Promise<void> | void
  /** @default window.location */
  location?: () => { pathname: string; search: string }
}

/**
 * The one way a session ends in the page (spec §4): the hint and scope cleared, cached data dropped,
 * toasts of the page being left dismissed, then the login page. Logout goes there plainly; an expired
 * or revoked session keeps the page as `redirect` and says why. Every path (a failed refresh under a
 * query, a mutation or the timed refresh, a user lookup that finds nobody) ends here, once.
 */
export function createSessionEnd({
  queryClient,
  feedback,
  scope,
  navigate,
  location = () => window.location,
}: SessionEndDeps) {
  let ended = false
  return {
    /** A user is signed in (again): the next end counts. */
    begin() {
      ended = false
    },
    end(reason: SessionEndReason) {
      if (ended) return
      ended = true
      const { pathname, search } = location()
      setAuthHint(false)
      feedback.clear()
      if (reason === 'expired') feedback.push(sessionEndedNotice)
      const href = reason === 'expired' ? loginHref(pathname + search) : '/login'
      // The page stays as it is until the login page replaces it: cleared first, it would show a
      // signed-out shell for a moment.
      void Promise.resolve(navigate(href)).finally(() => {
        scope.sync(null, [])
        queryClient.setQueryData(currentUserQuery.queryKey, null)
        forget(queryClient, { except: ['getCurrentUser'] })
      })
    },
  }
}

export type SessionEnd = ReturnType<typeof createSessionEnd>
