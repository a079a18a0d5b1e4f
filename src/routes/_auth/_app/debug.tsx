import { createFileRoute } from '@tanstack/react-router'
import { debugSearch } from '../../../lib/search-params'
import { requireArea } from '../../../features/auth/guards'
import { ComingSoon } from '../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/debug')({
  validateSearch: debugSearch,
  beforeLoad: requireArea('debug'),
  component: () => <ComingSoon title="Debug" feature="the log viewer and profiler" />,
})
