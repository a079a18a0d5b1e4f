import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from '~/features/auth/guards'
import { RegisterBatchPage } from '~/features/registration/RegisterBatchPage'

export const Route = createFileRoute('/_auth/_wizard/register-device/batch')({
  beforeLoad: requireArea('registerDevice'),
  staticData: { title: 'Register devices in batch', wizardExit: '/devices' },
  component: RegisterBatchPage,
})
