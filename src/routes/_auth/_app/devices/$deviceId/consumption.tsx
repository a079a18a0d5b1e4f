import { createFileRoute } from '@tanstack/react-router'
import { consumptionSearch } from '~/lib/search-params'
import { prefetchConsumption } from '~/features/consumption/consumption-queries'
import { loadCalendar } from '~/features/consumption/calendar'
import { DeviceConsumptionPage } from '~/features/devices/DeviceConsumptionPage'
import { deviceQuery } from '~/features/devices/device-queries'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/consumption')({
  staticData: { title: 'Device consumption' },
  validateSearch: consumptionSearch,
  loaderDeps: ({ search }) => ({ view: search.view, date: search.date }),
  // Spec §7 prefetch, in the calendar the page uses (cached for a day); not awaited, failures ignored.
  loader: async ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(deviceQuery(params.deviceId))
    const calendar = await loadCalendar(context.queryClient)
    const consumption = { deviceId: params.deviceId, ...calendar }
    void prefetchConsumption(context.queryClient, deps.view, new Date(), consumption, deps.date)
  },
  component: ConsumptionRoute,
})

function ConsumptionRoute() {
  const { deviceId } = Route.useParams()
  const { view, date } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <DeviceConsumptionPage
      deviceId={deviceId}
      view={view}
      date={date}
      onNavigate={(search, options) => void navigate({ search, ...options })}
    />
  )
}
