import { createFileRoute } from '@tanstack/react-router'
import { deviceOverviewSearch } from '~/lib/search-params'
import { DeviceOverviewPage } from '~/features/devices/DeviceOverviewPage'
import { deviceQuery } from '~/features/devices/device-queries'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/')({
  staticData: { title: 'Device overview' },
  validateSearch: deviceOverviewSearch,
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(deviceQuery(params.deviceId)),
  component: DeviceOverviewRoute,
})

function DeviceOverviewRoute() {
  const { deviceId } = Route.useParams()
  const { measurement } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <DeviceOverviewPage
      deviceId={deviceId}
      measurement={measurement}
      onMeasurementChange={(next) =>
        void navigate({ search: { measurement: next }, replace: true })
      }
    />
  )
}
