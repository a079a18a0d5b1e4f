import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '../../../features/dashboard/DashboardPage'
import { prefetchDashboard } from '../../../features/dashboard/dashboard-queries'

export const Route = createFileRoute('/_auth/_app/dashboard')({
  // Warm, don't wait: each widget shows its own loading state instead of holding the whole page.
  loader: ({ context: { queryClient } }) => void prefetchDashboard(queryClient),
  component: () => <DashboardPage />,
})
