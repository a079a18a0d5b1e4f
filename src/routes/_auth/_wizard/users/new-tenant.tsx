import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from '../../../../features/auth/guards'
import { ComingSoon } from '../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_wizard/users/new-tenant')({
  beforeLoad: requireArea('users'),
  staticData: { wizardExit: '/users' },
  component: () => <ComingSoon title="New tenant" feature="the tenant wizard" />,
})
