import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/status')({
  component: () => <ComingSoon title="Device status" feature="device pages" />,
})
