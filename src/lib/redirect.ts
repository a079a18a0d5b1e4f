/**
 * Spec §2: /login takes an optional `redirect` (the page to return to), left out when that page is
 * the login page itself or the root.
 */
export function redirectTarget(location: string | undefined | null): string | undefined {
  if (!location) return undefined
  // Only same-origin paths: an absolute URL or a protocol-relative one would be an open redirect.
  if (!location.startsWith('/') || location.startsWith('//')) return undefined
  const path = location.split(/[?#]/, 1)[0]
  if (path === '/' || path === '/login' || path?.startsWith('/login/')) return undefined
  return location
}

/** The login URL that brings the user back to `location` after signing in. */
export function loginHref(location: string | undefined | null): string {
  const target = redirectTarget(location)
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login'
}
