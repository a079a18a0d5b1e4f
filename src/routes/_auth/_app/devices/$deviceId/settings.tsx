import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/settings')({
  component: () => <ComingSoon title="Device settings" feature="device pages" />,
})
