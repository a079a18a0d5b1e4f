import { createFileRoute } from '@tanstack/react-router'
import { FailureScreen } from '~/features/shell/FailureScreen'
import { AppLayout } from '~/features/shell/AppLayout'

export const Route = createFileRoute('/_auth/_app')({
  component: AppLayout,
  // The layout itself failing leaves nothing to keep: the whole-window failure screen.
  errorComponent: FailureScreen,
})
