import { createFileRoute } from '@tanstack/react-router'
import { redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/events')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/devices/$deviceId/settings', params, replace: true })
  },
})
