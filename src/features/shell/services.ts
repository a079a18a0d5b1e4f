import { configureApiClient, createQueryClient, errorStatus, normalizeError } from '~/api'
import { appEnvironment } from '~/lib/environment'
import { createLogBuffer } from '~/lib/logger'
import { createSessionEnd } from '../auth/session-end'
import { createFeedbackStore } from '../feedback/feedback-store'
import { createScopeStore } from '../scope/scope-store'
import type { AppServices } from '../shared/use-app-services'

export interface AppServicesOptions {
  /** Replaces the current entry: the page a session ended on cannot show anything anymore. */
  navigate: (href: string) => Promise<void> | void
  /** The X-Request-ID of each call (stories fix it so error toasts look alike). @default crypto.randomUUID */
  newRequestId?: () => string
}

/** The long-lived pieces the app shares, created once at start and handed to the router context. */
export function createAppServices({ navigate, newRequestId }: AppServicesOptions) {
  const logs = createLogBuffer({ environment: appEnvironment })
  const feedback = createFeedbackStore()
  const queryClient = createQueryClient({
    // Spec §8: every server error is shown through the normaliser as a global error.
    // A first load's failure is shown by the page's own error state: logged, not toasted.
    onError: (error, { shown }) => {
      const status = errorStatus(error)
      if (status === 401) return // the session layer sends the user to sign in
      const { title, message, detail } = normalizeError(error, 'Request failed')
      logs.child('api').warn(message, { status })
      if (shown) feedback.push({ title, message, detail })
    },
  })
  const scope = createScopeStore(queryClient)
  const session = createSessionEnd({ queryClient, feedback, scope, navigate })
  const { refreshSession } = configureApiClient({
    baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
    getGroupScope: scope.get,
    newRequestId,
    onSessionExpired: () => session.end('expired'),
  })
  return { queryClient, feedback, scope, logs, refreshSession, session }
}

type CreatedServices = ReturnType<typeof createAppServices>

declare module '../shared/use-app-services' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the services built above
  interface AppServices extends CreatedServices {}
}

export type { AppServices }

/** What every route's loader and component get from the router (src/router.tsx). */
export type RouterContext = Pick<AppServices, 'queryClient' | 'feedback' | 'scope' | 'logs'>
