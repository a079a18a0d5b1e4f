import { useMatches } from '@tanstack/react-router'
import { useEffect } from 'react'
import { appEnvironment } from '~/lib/environment'
import type { AppEnvironment } from '~/styles'

const PRODUCT_NAME = 'Meterdeck'

/**
 * A tab's title: the page, then the product, after the environment prefix outside production
 * (spec §1), so tabs and history entries can be told apart ('[STAGING] Devices · Meterdeck').
 */
export function pageTitle(page: string | undefined, environment: AppEnvironment = appEnvironment) {
  const prefix = environment === 'production' ? '' : `[${environment.toUpperCase()}] `
  return `${prefix}${page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME}`
}

/**
 * Keeps the tab's title on the deepest route's `staticData.title` (see pageTitle),
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
