import { createFileRoute } from '@tanstack/react-router'
import { FailureScreen } from '~/features/shell/FailureScreen'
import { MinimalLayout } from '~/features/shell/MinimalLayout'

export const Route = createFileRoute('/_auth/_minimal')({
  component: MinimalLayout,
  // The layout itself failing leaves nothing to keep: the whole-window failure screen.
  errorComponent: FailureScreen,
})
