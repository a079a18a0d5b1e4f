import { createFileRoute } from '@tanstack/react-router'
import { usersSearch } from '../../../../lib/search-params'
import { requireArea } from '../../../../features/auth/guards'
import { ComingSoon } from '../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/users/')({
  validateSearch: usersSearch,
  beforeLoad: requireArea('users'),
  component: () => <ComingSoon title="Users & Groups" feature="user and group management" />,
})
