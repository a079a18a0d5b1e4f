import { createFileRoute } from '@tanstack/react-router'
import { LogsPage } from '~/features/devices/LogsPage'
import { attachmentsQuery } from '~/features/devices/device-queries'
import { deviceQuery } from '~/features/devices/device-queries'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/logs')({
  staticData: { title: 'Device logs' },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(deviceQuery(params.deviceId))
    void context.queryClient.prefetchQuery(attachmentsQuery(params.deviceId))
  },
  component: LogsRoute,
})

function LogsRoute() {
  return <LogsPage deviceId={Route.useParams().deviceId} />
}
