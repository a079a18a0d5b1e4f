/** Where signing in leads without a `redirect`: the page `/` opens. */
export const DEFAULT_LANDING = '/dashboard'

/**
 * Spec §2: /login takes an optional `redirect` (the page to return to), left out when that page is
 * the login page itself, the root or the default landing page (`/` goes there; an anonymous visit
 * to `/` reads `/login`, not `/login?redirect=%2Fdashboard`: issue 32).
 */
export function redirectTarget(location: string | undefined | null): string | undefined {
  if (!location) return undefined
  // Only same-origin paths: an absolute URL or a protocol-relative one would be an open redirect.
  if (!location.startsWith('/') || location.startsWith('//')) return undefined
  const path = location.split(/[?#]/, 1)[0]
  if (path === '/' || path === '/login' || path?.startsWith('/login/')) return undefined
  if (location === DEFAULT_LANDING) return undefined
  return location
}

/** The login URL that brings the user back to `location` after signing in. */
export function loginHref(location: string | undefined | null): string {
  const target = redirectTarget(location)
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login'
}
