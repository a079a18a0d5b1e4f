import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from '../../../../features/auth/guards'
import { ComingSoon } from '../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_wizard/register-device/batch')({
  beforeLoad: requireArea('registerDevice'),
  staticData: { wizardExit: '/devices' },
  component: () => <ComingSoon title="Register devices in a batch" feature="batch registration" />,
})
