import { Outlet, createFileRoute } from '@tanstack/react-router'
import { requireUser } from '../features/auth/guards'
import { SessionSkeleton } from '../features/auth/SessionSkeleton'
import { SessionLifecycle } from '../features/shell/SessionLifecycle'
import { FailureScreen } from '../features/shell/FailureScreen'

export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => requireUser(context, location),
  pendingComponent: SessionSkeleton,
  pendingMs: 0,
  errorComponent: FailureScreen,
  component: () => (
    <SessionLifecycle>
      <Outlet />
    </SessionLifecycle>
  ),
})
