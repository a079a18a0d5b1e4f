import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from '~/features/auth/guards'
import { BulkPushPage } from '~/features/registration/BulkPushPage'

export const Route = createFileRoute('/_auth/_wizard/devices/bulk-push')({
  beforeLoad: requireArea('registerDevice'),
  staticData: { title: 'Bulk push', wizardExit: '/devices' },
  component: BulkPushPage,
})
