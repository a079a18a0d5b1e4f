import { createFileRoute } from '@tanstack/react-router'
import { FailureScreen } from '~/features/shell/FailureScreen'
import { WizardLayout } from '~/features/shell/WizardLayout'

export const Route = createFileRoute('/_auth/_wizard')({
  component: WizardLayout,
  // The layout itself failing leaves nothing to keep: the whole-window failure screen.
  errorComponent: FailureScreen,
})
