import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from '~/features/auth/guards'
import { RegisterChoicePage } from '~/features/registration/RegisterChoicePage'

export const Route = createFileRoute('/_auth/_wizard/register-device/')({
  beforeLoad: requireArea('registerDevice'),
  staticData: { title: 'Register device', wizardExit: '/devices' },
  component: RegisterChoicePage,
})
