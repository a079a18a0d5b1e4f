import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../../../features/shell/ComingSoon'
import { reportsSearch } from '../../../features/reports/report-search'

export const Route = createFileRoute('/_auth/_app/reports')({
  validateSearch: reportsSearch,
  component: () => <ComingSoon title="Reports" feature="energy reports" />,
})
