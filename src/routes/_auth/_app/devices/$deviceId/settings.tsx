import { createFileRoute } from '@tanstack/react-router'
import { DeviceSettingsPage } from '~/features/devices/DeviceSettingsPage'
import { deviceQuery } from '~/features/devices/device-queries'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/settings')({
  staticData: { title: 'Device settings' },
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(deviceQuery(params.deviceId)),
  component: DeviceSettingsRoute,
})

function DeviceSettingsRoute() {
  const { deviceId } = Route.useParams()
  const navigate = Route.useNavigate()
  return (
    <DeviceSettingsPage
      deviceId={deviceId}
      onDeleted={() => void navigate({ to: '/devices', replace: true })}
    />
  )
}
