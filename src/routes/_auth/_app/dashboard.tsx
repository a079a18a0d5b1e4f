import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/dashboard')({
  component: () => <ComingSoon title="Dashboard" feature="the fleet dashboard" />,
})
