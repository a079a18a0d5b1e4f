import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from '../../../../features/auth/guards'
import { ComingSoon } from '../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_wizard/register-device/')({
  beforeLoad: requireArea('registerDevice'),
  staticData: { wizardExit: '/devices' },
  component: () => <ComingSoon title="Register a device" feature="device registration" />,
})
