import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from '~/features/auth/guards'
import { RegisterSinglePage } from '~/features/registration/RegisterSinglePage'

export const Route = createFileRoute('/_auth/_wizard/register-device/single')({
  beforeLoad: requireArea('registerDevice'),
  staticData: { title: 'Register a device', wizardExit: '/devices' },
  component: RegisterSinglePage,
})
