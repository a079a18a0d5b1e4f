import { createFileRoute } from '@tanstack/react-router'
import { AddLogPage } from '~/features/devices/AddLogPage'
import { deviceQuery } from '~/features/devices/device-queries'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/add_log')({
  staticData: { title: 'Add reading' },
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(deviceQuery(params.deviceId)),
  component: AddLogRoute,
})

function AddLogRoute() {
  const { deviceId } = Route.useParams()
  const navigate = Route.useNavigate()
  return (
    <AddLogPage
      deviceId={deviceId}
      onSaved={() => void navigate({ to: '/devices/$deviceId/logs', params: { deviceId } })}
    />
  )
}
