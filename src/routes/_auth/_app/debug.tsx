import { createFileRoute } from '@tanstack/react-router'
import { debugSearch } from '~/lib/search-params'
import { requireArea } from '~/features/auth/guards'
import { DebugPage } from '~/features/debug/DebugPage'
import { backendLogsOptions } from '~/features/debug/log-queries'

export const Route = createFileRoute('/_auth/_app/debug')({
  staticData: { title: 'Debug' },
  validateSearch: debugSearch,
  beforeLoad: requireArea('debug'),
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  // Warms the first page of the main log; a refusal shows in the viewer, not as a route error.
  loader: ({ context, deps }) =>
    void (deps.tab === 'logs' && context.queryClient.prefetchQuery(backendLogsOptions())),
  component: DebugRoute,
})

/** The tab lives in the URL, so a reload or a shared link opens the same tool. */
function DebugRoute() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return <DebugPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next } })} />
}
