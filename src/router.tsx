import { createRouter } from '@tanstack/react-router'
import type { AppServices } from './features/shell/services'
import { routeTree } from './routeTree.gen'

export type RouterContext = Pick<AppServices, 'queryClient' | 'feedback' | 'scope' | 'logs'>

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Preloaded data is held by TanStack Query; the router need not cache it again.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 300,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Where a wizard's Exit link goes (spec §2). */
    wizardExit?: '/devices' | '/users'
  }
}
