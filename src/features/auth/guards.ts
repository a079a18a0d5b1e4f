import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { loginHref } from '../../lib/redirect'
import { canAccess, type Area } from './roles'
import { ensureSessionUser, type SessionUser } from './session'

/** Spec §2: anonymous users go to /login, keeping where they were going as `redirect`. */
export async function requireUser(context: { queryClient: QueryClient }, location: ParsedLocation) {
  const user = await ensureSessionUser(context.queryClient)
  if (!user) throw redirect({ href: loginHref(location.href), replace: true })
  return { user }
}

/** Spec §6: a role that may not open an area goes to the dashboard. */
export function requireArea(area: Area) {
  return ({ context }: { context: { user: SessionUser } }) => {
    if (!canAccess(context.user.role, area)) throw redirect({ to: '/dashboard', replace: true })
  }
}
