import { createFileRoute } from '@tanstack/react-router'
import { devicesSearch } from '~/lib/search-params'
import { DevicesPage } from '~/features/devices/DevicesPage'
import { deviceListQuery } from '~/features/devices/device-queries'
import { loadCalendar } from '~/features/consumption/calendar'

export const Route = createFileRoute('/_auth/_app/devices/')({
  staticData: { title: 'Devices' },
  validateSearch: devicesSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: typing in the search box must never wait for the server to change the URL.
  loader: ({ context, deps }) => {
    void loadCalendar(context.queryClient).then(({ timeZone }) =>
      context.queryClient.prefetchQuery(deviceListQuery(deps, timeZone)),
    )
  },
  component: DevicesRoute,
})

function DevicesRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <DevicesPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  )
}
