import { createRouter } from '@tanstack/react-router'
import type { RouterContext } from './features/shell/services'
import { PageFailure } from './features/shell/FailureScreen'
import { stringifySearch } from './lib/search-string'
import { routeTree } from './routeTree.gen'

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Preloaded data is held by TanStack Query; the router need not cache it again.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 300,
    // Each page has its own boundary: one failing page leaves the shell and its navigation usable.
    defaultErrorComponent: PageFailure,
    scrollRestoration: true,
    stringifySearch,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's name in the tab title (see features/shell/DocumentTitle pageTitle). */
    title?: string
    /** Where a wizard's Exit link goes (spec §2). */
    wizardExit?: '/devices' | '/users'
  }
}
