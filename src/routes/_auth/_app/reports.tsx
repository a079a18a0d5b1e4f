import { createFileRoute } from '@tanstack/react-router'
import { ReportsPage } from '../../../features/reports/ReportsPage'
import {
  choiceFromSearch,
  reportsSearch,
  searchPatch,
} from '../../../features/reports/report-search'

export const Route = createFileRoute('/_auth/_app/reports')({
  staticData: { title: 'Reports' },
  validateSearch: reportsSearch,
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
