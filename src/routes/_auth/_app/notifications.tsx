import { createFileRoute } from '@tanstack/react-router'
import { notificationsSearch } from '../../../lib/search-params'
import { ComingSoon } from '../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/notifications')({
  validateSearch: notificationsSearch,
  component: () => <ComingSoon title="Notifications" feature="notification history and rules" />,
})
