import { Link } from '@tanstack/react-router'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useRef } from 'react'
import type { Device } from '../../api'
import { Icon } from '../../ui'
import type { DeviceSortKey, DevicesSearch } from './device-list'
import { DeviceStatusBadge } from './DeviceStatusBadge'
import { formatKwh, formatMeter, lastSeenText } from './format'
import { useMediaQuery } from './use-media-query'
import * as styles from './devices.css'

interface Column {
  label: string
  sortKey?: DeviceSortKey
  numeric?: boolean
}

const columns: Column[] = [
  { label: 'Name', sortKey: 'name' },
  { label: 'Serial number', sortKey: 'serial_number' },
  { label: 'Location', sortKey: 'location' },
  { label: 'Status', sortKey: 'last_seen' },
  { label: 'Latest reading', numeric: true },
  { label: 'Today', numeric: true },
]

export interface DeviceTableProps {
  devices: readonly Device[]
  /** Number of devices over all pages, for screen readers' row count. */
  total: number
  /** Index of the first row in the whole list (page offset). */
  offset: number
  sort: Pick<DevicesSearch, 'sort' | 'order'>
  onSort: (key: DeviceSortKey) => void
  /** @default new Date() at render */
  now?: Date
}

/**
 * The fleet as a table whose rows are virtualised: only the rows in view (plus a few) are in the
 * DOM, so a page of 500 devices scrolls as smoothly as one of 10 (FIELD 3).
 */
export function DeviceTable({
  devices,
  total,
  offset,
  sort,
  onSort,
  now = new Date(),
}: DeviceTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const narrow = useMediaQuery(styles.NARROW_QUERY)
  const rowHeight = narrow ? styles.ROW_HEIGHT.narrow : styles.ROW_HEIGHT.wide
  // eslint-disable-next-line react-hooks/incompatible-library -- rows are positioned from its measurements at render, by design
  const virtualizer = useVirtualizer({
    count: devices.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    initialRect: { width: 1024, height: 600 },
  })
  const activeKey = sort.sort ?? 'name'
  const activeOrder = sort.order ?? 'asc'

  return (
    <div role="table" aria-label="Devices" aria-rowcount={total + 1} className={styles.table}>
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className={styles.headerRow}>
          {columns.map((column) => (
            <div
              key={column.label}
              role="columnheader"
              aria-sort={
                column.sortKey === activeKey
                  ? activeOrder === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : undefined
              }
              className={
                column.numeric
                  ? `${styles.columnHeader} ${styles.numericHeader}`
                  : styles.columnHeader
              }
            >
              {column.sortKey ? (
                <button
                  type="button"
                  className={styles.sortButton}
                  onClick={() => onSort(column.sortKey!)}
                >
                  {column.label}
                  {column.sortKey === activeKey && (
                    <Icon name={activeOrder === 'asc' ? 'chevronUp' : 'chevronDown'} size="xs" />
                  )}
                </button>
              ) : (
                column.label
              )}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" ref={scrollRef} className={styles.scroller} key={rowHeight}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <DeviceRow
              key={devices[item.index]!.id}
              device={devices[item.index]!}
              rowIndex={offset + item.index + 2}
              top={item.start}
              height={rowHeight}
              now={now}
            />
          ))}
        </div>
      </div>
    </div>
  )
}

interface DeviceRowProps {
  device: Device
  rowIndex: number
  top: number
  height: number
  now: Date
}

/** One device; memoised so scrolling re-renders only the rows that move in. */
const DeviceRow = memo(function DeviceRow({ device, rowIndex, top, height, now }: DeviceRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className={styles.row}
      style={{ height, transform: `translateY(${top}px)` }}
    >
      <div role="cell" className={`${styles.cell} ${styles.area.name}`}>
        <Link to="/devices/$deviceId" params={{ deviceId: device.id }} className={styles.nameLink}>
          {device.name}
        </Link>
      </div>
      <div role="cell" className={`${styles.mutedCell} ${styles.area.serial}`}>
        {device.serial_number}
        {device.location && <span className={styles.narrowLocation}> · {device.location}</span>}
      </div>
      <div role="cell" className={`${styles.mutedCell} ${styles.area.location}`}>
        {device.location ?? 'No location'}
      </div>
      <div role="cell" className={`${styles.statusCell} ${styles.area.status}`}>
        <DeviceStatusBadge status={device.status} size="sm" />
        <span className={styles.lastSeen}>{lastSeenText(device.last_seen, now)}</span>
      </div>
      <div role="cell" className={`${styles.numericCell} ${styles.area.latest}`}>
        <span className={styles.narrowLabel}>Latest</span>
        {formatMeter(device.latest_kwh)}
      </div>
      <div role="cell" className={`${styles.numericCell} ${styles.area.today}`}>
        <span className={styles.narrowLabel}>Today</span>
        {formatKwh(device.today_kwh)}
      </div>
    </div>
  )
})
