import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { loginHref } from '~/lib/redirect'
import type { FeedbackStore } from '../feedback/feedback-store'
import { areaLabels, areaRoles, canAccess, type Area } from './roles'
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

/** 'developer', 'developer or superuser', 'developer, superuser or admin'. */
function roleNames(area: Area): string {
  const names = areaRoles[area].map((role) => role.toLowerCase())
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}

/** Why the dashboard opened instead of the page asked for. */
export const deniedMessage = (area: Area) => ({
  severity: 'warning' as const,
  title: `${areaLabels[area]} is not available to you`,
  message: `It needs the ${roleNames(area)} role, so the dashboard opened instead.`,
})

/**
 * Spec §6: a role that may not open an area goes to the dashboard, told why (a redirect alone
 * looks like a broken link); not for a preload, which only a hover started.
 */
export function requireArea(area: Area) {
  return ({
    context,
    preload,
  }: {
    context: { user: SessionUser; feedback: FeedbackStore }
    preload?: boolean
  }) => {
    if (canAccess(context.user.role, area)) return
    if (!preload) context.feedback.push(deniedMessage(area))
    throw redirect({ to: '/dashboard', replace: true })
  }
}
