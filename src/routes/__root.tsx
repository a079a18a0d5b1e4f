import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import type { RouterContext } from '~/features/shell/services'
import { FailureScreen } from '../features/shell/FailureScreen'
import { RouteLoadingOverlay } from '../features/shell/RouteLoadingOverlay'
import { AriaRouterBridge } from '../features/shell/AriaRouterBridge'

// After the first paint: toasts wait in the feedback store's queue until the region arrives, and the tab's
// title follows the page once it is here.
const FeedbackToasts = lazy(() =>
  import('../features/feedback/FeedbackToasts').then((m) => ({ default: m.FeedbackToasts })),
)
const DocumentTitle = lazy(() =>
  import('../features/shell/DocumentTitle').then((m) => ({ default: m.DocumentTitle })),
)
// Only an unknown address needs it, and its EmptyState draws icons by name, which takes them all.
const NotFound = lazy(() =>
  import('../features/shell/NotFound').then((m) => ({ default: m.NotFound })),
)

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <AriaRouterBridge>
      <Outlet />
      <RouteLoadingOverlay />
      <Suspense fallback={null}>
        <DocumentTitle />
        <FeedbackToasts />
      </Suspense>
    </AriaRouterBridge>
  ),
  errorComponent: FailureScreen,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  ),
})
