import { Badge } from '~/ui/Badge'
import type { TableColumn } from '~/ui/Table'
import { prng } from '~/server/seed/random'
import { formatNumber } from '~/lib/format'

export interface DeviceRow {
  id: string
  name: string
  serial: string
  location: string | null
  status: 'online' | 'offline' | 'unknown'
  lastSeen: Date
  kwhToday: number
}

const places = [
  'Plant room',
  'North wing',
  'Roof',
  'Car park',
  'Kitchen',
  'Server room',
  'Lobby',
  'Workshop',
]
const kinds = [
  'Heat pump',
  'EV charger',
  'Main meter',
  'PV inverter',
  'Boiler',
  'Chiller',
  'Lighting circuit',
]
const statuses = ['online', 'online', 'online', 'online', 'offline', 'unknown'] as const

/** `count` devices, the same on every run (seeded), last seen before 26 Oct 2026 12:00 UTC. */
export function devices(count: number, seed = 42): DeviceRow[] {
  const rnd = prng(seed)
  const now = Date.UTC(2026, 9, 26, 12)
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(5, '0')
    return {
      id: `dev-${n}`,
      name: `${kinds[Math.floor(rnd() * kinds.length)]} ${n}`,
      serial: `MD-${Math.floor(rnd() * 1e8)
        .toString(16)
        .toUpperCase()
        .padStart(7, '0')}`,
      location: rnd() < 0.1 ? null : places[Math.floor(rnd() * places.length)]!,
      status: statuses[Math.floor(rnd() * statuses.length)]!,
      lastSeen: new Date(now - Math.floor(rnd() * 72 * 60) * 60_000),
      kwhToday: Math.round(rnd() * 4000) / 100,
    }
  })
}

const statusBadge = { online: 'success', offline: 'destructive', unknown: 'secondary' } as const
const lastSeen = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})
/** Columns live at module level: a new array per render would re-render every row. */
export const deviceColumns: TableColumn<DeviceRow>[] = [
  {
    id: 'name',
    name: 'Name',
    isRowHeader: true,
    allowsSorting: true,
    width: '2fr',
    render: (d) => d.name,
  },
  { id: 'serial', name: 'Serial number', allowsSorting: true, width: 150, render: (d) => d.serial },
  {
    id: 'location',
    name: 'Location',
    allowsSorting: true,
    render: (d) => d.location ?? 'No location',
    sortValue: (d) => d.location,
  },
  {
    id: 'status',
    name: 'Status',
    allowsSorting: true,
    width: 110,
    render: (d) => (
      <Badge variant={statusBadge[d.status]} size="sm">
        {d.status[0]!.toUpperCase() + d.status.slice(1)}
      </Badge>
    ),
    sortValue: (d) => d.status,
  },
  {
    id: 'lastSeen',
    name: 'Last seen',
    allowsSorting: true,
    width: 170,
    render: (d) => lastSeen.format(d.lastSeen),
    sortValue: (d) => d.lastSeen,
  },
  {
    id: 'kwhToday',
    name: 'Today (kWh)',
    allowsSorting: true,
    width: 120,
    align: 'end',
    render: (d) => formatNumber(d.kwhToday, { decimals: 2 }),
    sortValue: (d) => d.kwhToday,
  },
]
