import { createFileRoute } from '@tanstack/react-router'
import { notificationsSearch } from '~/lib/search-params'
import { NotificationsPage } from '~/features/notifications/NotificationsPage'
import { historyOptions } from '~/features/notifications/notification-queries'

export const Route = createFileRoute('/_auth/_app/notifications')({
  staticData: { title: 'Notifications' },
  validateSearch: notificationsSearch,
  loaderDeps: ({ search }) => ({ unread: search.unread ?? false }),
  // Warms the history; a failure shows on the page, not as a route error.
  loader: ({ context, deps }) =>
    void context.queryClient.prefetchQuery(historyOptions(deps.unread)),
  component: NotificationsRoute,
})

function NotificationsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <NotificationsPage
      search={search}
      onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  )
}
