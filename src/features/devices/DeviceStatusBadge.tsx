import type { DeviceStatus } from '~/api'
import { Badge, type BadgeVariant } from '~/ui'

const presentation: Record<DeviceStatus, { label: string; variant: BadgeVariant }> = {
  online: { label: 'Online', variant: 'success' },
  offline: { label: 'Offline', variant: 'destructive' },
  unknown: { label: 'Unknown', variant: 'secondary' },
}

/** Online, offline or unknown, in words and colour (never colour alone). */
export function DeviceStatusBadge({
  status,
  size = 'md',
}: {
  status: DeviceStatus
  size?: 'sm' | 'md'
}) {
  const { label, variant } = presentation[status]
  return (
    <Badge variant={variant} size={size}>
      {label}
    </Badge>
  )
}
