import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { loginHref } from '../../lib/redirect'
import { canAccess, type Area } from './roles'
import type { FeedbackStore } from '../feedback/feedback-store'
import { sessionEndedNotice } from './session-end'
import { ensureSessionUser, hasAuthHint, setAuthHint, type SessionUser } from './session'

/**
 * Spec §2: anonymous users go to /login, keeping where they were going as `redirect`. Someone who was
 * signed in here (the auth hint) and is not anymore is told that the session ended.
 */
export async function requireUser(
  context: { queryClient: QueryClient; feedback: FeedbackStore },
  location: ParsedLocation,
) {
  const user = await ensureSessionUser(context.queryClient)
  if (user) return { user }
  if (hasAuthHint()) {
    setAuthHint(false)
    context.feedback.push(sessionEndedNotice)
  }
  throw redirect({ href: loginHref(location.href), replace: true })
}

/** Spec §6: a role that may not open an area goes to the dashboard. */
export function requireArea(area: Area) {
  return ({ context }: { context: { user: SessionUser } }) => {
    if (!canAccess(context.user.role, area)) throw redirect({ to: '/dashboard', replace: true })
  }
}
