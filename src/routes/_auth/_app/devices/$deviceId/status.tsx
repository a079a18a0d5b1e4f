import { createFileRoute } from '@tanstack/react-router'
import { DeviceStatusPage } from '~/features/devices/DeviceStatusPage'
import { deviceQuery } from '~/features/devices/device-queries'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/status')({
  staticData: { title: 'Device status' },
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(deviceQuery(params.deviceId)),
  component: DeviceStatusRoute,
})

function DeviceStatusRoute() {
  return <DeviceStatusPage deviceId={Route.useParams().deviceId} />
}
