import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import type { Device } from '~/api'
import { Stack, Table, Text, type SortDescriptor, type TableColumn } from '~/ui'
import type { DeviceSortKey, DevicesSearch } from './device-list'
import { DeviceStatusBadge } from './DeviceStatusBadge'
import { formatKwh, formatQuantityFigure } from '~/lib/format'
import { lastSeenShort, lastSeenText } from './format'
import { useMediaQuery } from './use-media-query'
import * as styles from './devices.css'

/** The moment 'last seen' is measured from: the table hands it to every cell as its context. */
type Column = TableColumn<Device, Date>

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

function DeviceStatus({ device, now, short }: { device: Device; now: Date; short?: boolean }) {
  return (
    <Stack as="span" space="xxs" align="start">
      <DeviceStatusBadge status={device.status} size="sm" />
      <Text size="xs" tone="muted" truncate>
        {short ? lastSeenShort(device.last_seen, now) : lastSeenText(device.last_seen, now)}
      </Text>
    </Stack>
  )
}

const place = (device: Device) => device.location ?? 'No location'
const muted = (text: string) => <Text tone="muted">{text}</Text>

const name: Column = {
  id: 'name' satisfies DeviceSortKey,
  name: 'Name',
  isRowHeader: true,
  allowsSorting: true,
  width: '2.2fr',
  minWidth: 192,
  render: (device) => <DeviceName device={device} />,
}
const status: Column = {
  id: 'last_seen' satisfies DeviceSortKey,
  name: 'Status',
  allowsSorting: true,
  width: '1.3fr',
  minWidth: 144,
  render: (device, now) => <DeviceStatus device={device} now={now} />,
}
const today: Column = {
  id: 'today',
  name: 'Today',
  align: 'end',
  width: '0.9fr',
  minWidth: 104,
  render: (device) => formatKwh(device.today_kwh),
}

const wideColumns: readonly Column[] = [
  name,
  {
    id: 'serial_number' satisfies DeviceSortKey,
    name: 'Serial number',
    allowsSorting: true,
    width: '1.2fr',
    minWidth: 128,
    render: (device) => muted(device.serial_number),
  },
  {
    id: 'location' satisfies DeviceSortKey,
    name: 'Location',
    allowsSorting: true,
    width: '1.4fr',
    minWidth: 128,
    render: (device) => muted(place(device)),
  },
  status,
  {
    id: 'latest',
    name: 'Latest reading',
    align: 'end',
    width: '1.1fr',
    // A register of six figures and two decimals, '207,635.43 kWh', whole beside the sidebar.
    minWidth: 152,
    render: (device) => formatKwh(device.latest_kwh),
  },
  today,
]

/**
 * A phone's width: the name on up to two lines with serial and place under it, the status in
 * short, today's figure over its unit (a whole '325.44 kWh' did not fit beside the others).
 */
const narrowColumns: readonly Column[] = [
  {
    ...name,
    name: 'Device',
    width: '1fr',
    minWidth: 0,
    render: (device) => (
      <Stack as="span" space="xxs" align="start">
        <DeviceName device={device} wrap />
        <Text size="xs" tone="muted" truncate>
          {device.serial_number} · {place(device)}
        </Text>
      </Stack>
    ),
  },
  {
    ...status,
    width: 88,
    render: (device, now) => <DeviceStatus device={device} now={now} short />,
  },
  {
    ...today,
    width: 72,
    render: (device) => (
      <Stack as="span" space="xxs" align="end">
        <span>{formatQuantityFigure(device.today_kwh, 'kWh')}</span>
        {device.today_kwh != null && (
          <Text size="xs" tone="muted" truncate>
            kWh
          </Text>
        )}
      </Stack>
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
  /** @default the time, to the minute */
  now?: Date
}

/**
 * 'Last seen' reads in minutes: a clock that ticks each minute, not at every render, lets the
 * table keep its rows while the user types in the search box.
 */
function useMinuteClock(given: Date | undefined) {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    if (given) return
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [given])
  return given ?? now
}

/**
 * The fleet in the design system's virtualised table: only the rows in view are in the DOM, so a
 * page of 500 devices scrolls and filters like one of 10; the server sorts; on a phone the
 * columns fold into three.
 */
export function DeviceTable(props: DeviceTableProps) {
  const { devices, sort, onSort, isLoading = false } = props
  const narrow = useMediaQuery(styles.NARROW_QUERY)
  const clock = useMinuteClock(props.now)
  const column = sort.sort ?? 'name'
  const direction = sort.order === 'desc' ? 'descending' : 'ascending'
  const sortDescriptor = useMemo<SortDescriptor>(() => ({ column, direction }), [column, direction])
  return (
    <Table
      aria-label="Devices"
      columns={narrow ? narrowColumns : wideColumns}
      rows={devices}
      rowCount={props.total}
      rowOffset={props.offset}
      context={clock}
      virtualized
      manualSorting
      sortDescriptor={sortDescriptor}
      onSortChange={(next) => onSort(next.column as DeviceSortKey)}
      rowHeight={narrow ? styles.ROW_HEIGHT.narrow : styles.ROW_HEIGHT.wide}
      maxHeight={narrow ? styles.TABLE_MAX_HEIGHT.narrow : styles.TABLE_MAX_HEIGHT.wide}
      isLoading={isLoading}
      loadingLabel="Loading devices..."
    />
  )
}
