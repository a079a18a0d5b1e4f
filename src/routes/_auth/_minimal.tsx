import { createFileRoute } from '@tanstack/react-router'
import { MinimalLayout } from '../../features/shell/MinimalLayout'

export const Route = createFileRoute('/_auth/_minimal')({ component: MinimalLayout })
