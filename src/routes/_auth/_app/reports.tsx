import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/reports')({
  component: () => <ComingSoon title="Reports" feature="energy reports" />,
})
