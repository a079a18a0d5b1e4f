import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '~/features/dashboard/DashboardPage'
import { loadDashboard } from '~/features/dashboard/dashboard-queries'

export const Route = createFileRoute('/_auth/_app/dashboard')({
  staticData: { title: 'Dashboard' },
  loader: ({ context: { queryClient } }) => loadDashboard(queryClient),
  component: () => <DashboardPage />,
})
