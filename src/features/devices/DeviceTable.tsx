import { Link } from '@tanstack/react-router'
import { createContext, useContext, useMemo } from 'react'
import type { Device } from '../../api'
import { VirtualTable, type SortDescriptor, type VirtualTableColumn } from '../../ui'
import type { DeviceSortKey, DevicesSearch } from './device-list'
import { DeviceStatusBadge } from './DeviceStatusBadge'
import { formatKwh, formatMeter, formatNumber } from '../../lib/format'
import { lastSeenShort, lastSeenText } from './format'
import { useMediaQuery } from './use-media-query'
import * as styles from './devices.css'

/** The moment 'last seen' is measured from: cells read it, so the columns stay module constants. */
const NowContext = createContext<Date | undefined>(undefined)

function DeviceName({ device, wrap }: { device: Device; wrap?: boolean }) {
  return (
    <Link
      to="/devices/$deviceId"
      params={{ deviceId: device.id }}
      className={wrap ? `${styles.nameLink} ${styles.nameWrap}` : styles.nameLink}
    >
      {device.name}
    </Link>
  )
}

function DeviceStatus({ device, short }: { device: Device; short?: boolean }) {
  const now = useContext(NowContext)
  return (
    <span className={styles.twoLines}>
      <DeviceStatusBadge status={device.status} size="sm" />
      <span className={styles.secondLine}>
        {short ? lastSeenShort(device.last_seen, now) : lastSeenText(device.last_seen, now)}
      </span>
    </span>
  )
}

const place = (device: Device) => device.location ?? 'No location'
const muted = (text: string) => <span className={styles.mutedCell}>{text}</span>

const name: VirtualTableColumn<Device> = {
  id: 'name' satisfies DeviceSortKey,
  name: 'Name',
  isRowHeader: true,
  allowsSorting: true,
  width: 'minmax(12rem, 2.2fr)',
  render: (device) => <DeviceName device={device} />,
}
const status: VirtualTableColumn<Device> = {
  id: 'last_seen' satisfies DeviceSortKey,
  name: 'Status',
  allowsSorting: true,
  width: 'minmax(9rem, 1.3fr)',
  render: (device) => <DeviceStatus device={device} />,
}
const today: VirtualTableColumn<Device> = {
  id: 'today',
  name: 'Today',
  align: 'end',
  width: 'minmax(6rem, 0.9fr)',
  render: (device) => formatKwh(device.today_kwh),
}

const wideColumns: readonly VirtualTableColumn<Device>[] = [
  name,
  {
    id: 'serial_number' satisfies DeviceSortKey,
    name: 'Serial number',
    allowsSorting: true,
    width: 'minmax(8rem, 1.2fr)',
    render: (device) => muted(device.serial_number),
  },
  {
    id: 'location' satisfies DeviceSortKey,
    name: 'Location',
    allowsSorting: true,
    width: 'minmax(8rem, 1.4fr)',
    render: (device) => muted(place(device)),
  },
  status,
  {
    id: 'latest',
    name: 'Latest reading',
    align: 'end',
    width: 'minmax(7rem, 1fr)',
    render: (device) => formatMeter(device.latest_kwh),
  },
  today,
]

/**
 * A phone's width: the name on up to two lines with serial and place under it, the status in
 * short, today's figure over its unit (a whole '325.44 kWh' did not fit beside the others).
 */
const narrowColumns: readonly VirtualTableColumn<Device>[] = [
  {
    ...name,
    name: 'Device',
    width: 'minmax(0, 1fr)',
    render: (device) => (
      <span className={styles.twoLines}>
        <DeviceName device={device} wrap />
        <span className={styles.secondLine}>
          {device.serial_number} · {place(device)}
        </span>
      </span>
    ),
  },
  { ...status, width: '5.5rem', render: (device) => <DeviceStatus device={device} short /> },
  {
    ...today,
    width: '4.5rem',
    render: (device) => (
      <span className={`${styles.twoLines} ${styles.endAligned}`}>
        <span>{formatNumber(device.today_kwh, { maxDecimals: 2 })}</span>
        {device.today_kwh != null && <span className={styles.secondLine}>kWh</span>}
      </span>
    ),
  },
]

export interface DeviceTableProps {
  devices: readonly Device[]
  /** Devices over all pages, for screen readers' row count. @default devices.length */
  total?: number
  /** Position of the first row in the whole list (the page's offset). @default 0 */
  offset?: number
  sort: Pick<DevicesSearch, 'sort' | 'order'>
  /** A sortable column header was chosen; the server sorts (the list is paged). */
  onSort: (key: DeviceSortKey) => void
  /** Header and a loading state, before the first page arrives. @default false */
  isLoading?: boolean
  /** @default new Date() at render */
  now?: Date
}

/**
 * The fleet in the design system's virtualised table: only the rows in view are in the DOM, so a
 * page of 500 devices scrolls and filters like one of 10; the server sorts; on a phone the
 * columns fold into three.
 */
export function DeviceTable({
  devices,
  total,
  offset,
  sort,
  onSort,
  isLoading = false,
  now = new Date(),
}: DeviceTableProps) {
  const narrow = useMediaQuery(styles.NARROW_QUERY)
  const column = sort.sort ?? 'name'
  const direction = sort.order === 'desc' ? 'descending' : 'ascending'
  const sortDescriptor = useMemo<SortDescriptor>(() => ({ column, direction }), [column, direction])
  return (
    <NowContext.Provider value={now}>
      <VirtualTable
        aria-label="Devices"
        columns={narrow ? narrowColumns : wideColumns}
        rows={devices}
        rowCount={total}
        rowOffset={offset}
        sortDescriptor={sortDescriptor}
        onSortChange={(key) => onSort(key as DeviceSortKey)}
        rowHeight={narrow ? styles.ROW_HEIGHT.narrow : styles.ROW_HEIGHT.wide}
        maxHeight={narrow ? styles.TABLE_MAX_HEIGHT.narrow : styles.TABLE_MAX_HEIGHT.wide}
        isLoading={isLoading}
        loadingLabel="Loading devices..."
      />
    </NowContext.Provider>
  )
}
