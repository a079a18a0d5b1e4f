import { createFileRoute } from '@tanstack/react-router'
import { WizardLayout } from '../../features/shell/WizardLayout'

export const Route = createFileRoute('/_auth/_wizard')({ component: WizardLayout })
