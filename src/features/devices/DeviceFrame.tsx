import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { isNotFound, normalizeError, type Device } from '~/api'
import { deviceQuery } from './device-queries'
import { sprinkles } from '~/styles'
import {
  ErrorState,
  LinkTabs,
  Skeleton,
  SkeletonText,
  buttonClassName,
  linkTabClassName,
} from '~/ui'
import { PageHeader } from '../shared/PageHeader'
import { DeviceStatusBadge } from './DeviceStatusBadge'
import { lastSeenText } from './format'
import * as styles from './devices.css'

const tabs = [
  { label: 'Overview', to: '/devices/$deviceId' },
  { label: 'Consumption', to: '/devices/$deviceId/consumption' },
  { label: 'Status', to: '/devices/$deviceId/status' },
  { label: 'Logs', to: '/devices/$deviceId/logs' },
  { label: 'Settings', to: '/devices/$deviceId/settings' },
] as const
export type DeviceTab = (typeof tabs)[number]['label']

export interface DeviceFrameProps {
  deviceId: string
  tab: DeviceTab
  /** The page body, given the loaded device. */
  children: (device: Device) => ReactNode
  /** @default new Date() */
  now?: Date
}

/** Header (name, serial, location, status), the device's page tabs, and the not-found/error states. */
export function DeviceFrame({ deviceId, tab, children, now }: DeviceFrameProps) {
  const device = useQuery(deviceQuery(deviceId))
  if (device.isPending) {
    return (
      <div aria-busy="true">
        <Skeleton width="14rem" height="2rem" />
        <SkeletonText lines={2} />
      </div>
    )
  }
  if (device.isError) {
    const notFound = isNotFound(device.error)
    return (
      <ErrorState
        title={notFound ? 'Device not found' : 'Could not load the device'}
        message={
          notFound
            ? 'It may have been deleted, or it belongs to another group.'
            : normalizeError(device.error).message
        }
        onRetry={notFound ? undefined : () => void device.refetch()}
        actions={
          <Link to="/devices" className={buttonClassName({ intent: 'formSecondary' })}>
            Back to devices
          </Link>
        }
      />
    )
  }
  const d = device.data
  return (
    <>
      <PageHeader
        title={d.name}
        lead={
          <span className={styles.headerMeta}>
            <DeviceStatusBadge status={d.status} size="sm" />
            <span>{d.serial_number}</span>
            <span>{d.location ?? 'No location'}</span>
            <span>{lastSeenText(d.last_seen, now)}</span>
          </span>
        }
        actions={
          <Link
            to="/devices/$deviceId/add_log"
            params={{ deviceId }}
            className={buttonClassName({ intent: 'formSecondary' })}
          >
            Add reading
          </Link>
        }
      />
      <DeviceTabs deviceId={deviceId} tab={tab} />
      {children(d)}
    </>
  )
}

/** The device's pages; on a phone the strip scrolls, the current tab in view and cut edges faded. */
function DeviceTabs({ deviceId, tab }: { deviceId: string; tab: DeviceTab }) {
  return (
    <LinkTabs aria-label="Device pages" current={tab} className={sprinkles({ marginBottom: 'xl' })}>
      {tabs.map((t) => (
        <Link
          key={t.to}
          to={t.to}
          params={{ deviceId }}
          className={linkTabClassName}
          aria-current={t.label === tab ? 'page' : undefined}
          activeOptions={{ exact: true }}
          activeProps={{}}
        >
          {t.label}
        </Link>
      ))}
    </LinkTabs>
  )
}
