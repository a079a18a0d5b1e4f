import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/logs')({
  component: () => <ComingSoon title="Device logs" feature="device pages" />,
})
