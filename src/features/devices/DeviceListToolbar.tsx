import { Box, SearchField, Select, SelectItem, Spinner } from '~/ui'
import type { DeviceSortKey, DevicesSearch } from './device-list'
import * as styles from './devices.css'
import { grow } from '../shared/page.css'

const statusItems = [
  { id: 'all', label: 'All statuses' },
  { id: 'online', label: 'Online' },
  { id: 'offline', label: 'Offline' },
] as const

const sortItems: { id: `${DeviceSortKey}:${'asc' | 'desc'}`; label: string }[] = [
  { id: 'name:asc', label: 'Name A-Z' },
  { id: 'name:desc', label: 'Name Z-A' },
  { id: 'last_seen:desc', label: 'Recently seen' },
  { id: 'last_seen:asc', label: 'Longest silent' },
  { id: 'serial_number:asc', label: 'Serial number' },
  { id: 'location:asc', label: 'Location' },
  { id: 'created_at:desc', label: 'Newest' },
]

export interface DeviceListToolbarProps {
  text: string
  onTextChange: (text: string) => void
  search: DevicesSearch
  onChange: (change: Partial<DevicesSearch>) => void
  /** A background refresh is running. */
  isFetching: boolean
}

/** Search, status filter, and on narrow screens every sort order (the folded table shows fewer columns). */
export function DeviceListToolbar({
  text,
  onTextChange,
  search,
  onChange,
  isFetching,
}: DeviceListToolbarProps) {
  const sortKey = `${search.sort ?? 'name'}:${search.order ?? 'asc'}`
  return (
    <Box
      display="flex"
      flexWrap="wrap"
      alignItems="flex-end"
      gap="md"
      marginBottom="lg"
      role="search"
      aria-label="Filter devices"
    >
      <SearchField
        label="Search devices"
        placeholder="Name, serial or location"
        value={text}
        onChange={onTextChange}
        className={grow}
      />
      <Select
        label="Status"
        items={statusItems}
        selectedKey={search.status ?? 'all'}
        onSelectionChange={(key) =>
          onChange({ status: key === 'all' ? undefined : (key as 'online' | 'offline') })
        }
        className={styles.filterBox}
      >
        {(item) => <SelectItem id={item.id}>{item.label}</SelectItem>}
      </Select>
      <Select
        label="Sort by"
        items={sortItems}
        selectedKey={sortItems.some((i) => i.id === sortKey) ? sortKey : null}
        onSelectionChange={(key) => {
          const [sort, order] = String(key).split(':') as [DeviceSortKey, 'asc' | 'desc']
          onChange({ sort, order })
        }}
        className={`${styles.filterBox} ${styles.narrowOnly}`}
      >
        {(item) => <SelectItem id={item.id}>{item.label}</SelectItem>}
      </Select>
      {isFetching && <Spinner size="sm" label="Updating devices" />}
    </Box>
  )
}
