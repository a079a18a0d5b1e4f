import { createFileRoute, redirect } from '@tanstack/react-router'
import { ReportsPage } from '~/features/reports/ReportsPage'
import {
  choiceFromSearch,
  reportsSearch,
  searchPatch,
  withoutLegacyDevices,
} from '~/features/reports/report-search'

export const Route = createFileRoute('/_auth/_app/reports')({
  staticData: { title: 'Reports' },
  validateSearch: reportsSearch,
  beforeLoad: ({ search }) => {
    const rewritten = withoutLegacyDevices(search)
    if (rewritten) throw redirect({ to: '/reports', search: rewritten, replace: true })
  },
  component: ReportsRoute,
})

function ReportsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ReportsPage
      choice={choiceFromSearch(search)}
      onChange={(patch) =>
        void navigate({ search: (prev) => ({ ...prev, ...searchPatch(patch) }), replace: true })
      }
    />
  )
}
