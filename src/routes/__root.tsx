import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { RouterContext } from '../router'
import { FailureScreen } from '../features/shell/FailureScreen'
import { FeedbackToasts } from '../features/feedback/FeedbackToasts'
import { RouteLoadingOverlay } from '../features/shell/RouteLoadingOverlay'
import { NotFound } from '../features/shell/NotFound'
import { AriaRouterBridge } from '../features/shell/AriaRouterBridge'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <AriaRouterBridge>
      <Outlet />
      <RouteLoadingOverlay />
      <FeedbackToasts />
    </AriaRouterBridge>
  ),
  errorComponent: FailureScreen,
  notFoundComponent: NotFound,
})
