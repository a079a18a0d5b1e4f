import { useMatches } from '@tanstack/react-router'
import { useEffect } from 'react'
import { pageTitle } from '../../lib/environment'

/**
 * Keeps the tab's title on the deepest route's `staticData.title` (see lib/environment pageTitle),
 * or 'Page not found' for an address no route knows.
 */
export function DocumentTitle() {
  const page = useMatches({
    select: (matches) =>
      matches.some((m) => m.status === 'notFound' || m._notFound)
        ? 'Page not found'
        : matches.findLast((m) => m.staticData.title)?.staticData.title,
  })
  const title = pageTitle(page)
  useEffect(() => {
    document.title = title
  }, [title])
  return null
}
