import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { RouterContext } from '../router'
import { FailureScreen } from '../features/shell/FailureScreen'
import { FeedbackToasts } from '../features/feedback/FeedbackToasts'
import { RouteLoadingOverlay } from '../features/shell/RouteLoadingOverlay'
import { NotFound } from '../features/shell/NotFound'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <RouteLoadingOverlay />
      <FeedbackToasts />
    </>
  ),
  errorComponent: FailureScreen,
  notFoundComponent: NotFound,
})
