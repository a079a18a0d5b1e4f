import { createFileRoute } from '@tanstack/react-router'
import { usersSearch } from '~/lib/search-params'
import { requireArea } from '~/features/auth/guards'
import { scopeGroupsOptions } from '~/features/scope/scope-queries'
import { UsersPage } from '~/features/users/UsersPage'
import { usersListOptions } from '~/features/users/users-cache'

export const Route = createFileRoute('/_auth/_app/users/')({
  staticData: { title: 'Users & Groups' },
  validateSearch: usersSearch,
  beforeLoad: requireArea('users'),
  loader: ({ context: { queryClient } }) =>
    // Settled: a failed load shows the page's own error state, not the failure screen.
    Promise.allSettled([
      queryClient.ensureQueryData(usersListOptions()),
      queryClient.ensureQueryData(scopeGroupsOptions()),
    ]),
  component: UsersRoute,
})

function UsersRoute() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UsersPage
      tab={page ?? 'users'}
      onTabChange={(tab) => void navigate({ search: { page: tab }, replace: true })}
    />
  )
}
