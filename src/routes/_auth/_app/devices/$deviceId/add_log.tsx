import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/add_log')({
  component: () => <ComingSoon title="Add a manual reading" feature="manual readings" />,
})
