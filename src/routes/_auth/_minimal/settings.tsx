import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from '../../../features/auth/guards'
import { ComingSoon } from '../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_minimal/settings')({
  beforeLoad: requireArea('settings'),
  component: () => <ComingSoon title="Settings" feature="settings" />,
})
