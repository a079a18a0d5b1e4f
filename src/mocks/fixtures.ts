/**
 * One fixture database for stories and component tests (DESIGN 'mocks/'): deterministic, typed from
 * the contract. Domain fixtures (readings, notifications, ...) live beside it in their own files.
 */
import type { Device, Group, User } from '../api'

export const NOW = '2026-11-22T10:00:00Z'

export const groups = [
  {
    id: '1b6f0c9a-0000-4000-8000-000000000001',
    name: 'Northwind Energy',
    description: 'Offices and warehouses in northern Germany',
    timezone: 'Europe/Berlin',
    member_count: 3,
    device_count: 4,
    created_at: '2026-01-05T09:00:00Z',
  },
  {
    id: '1b6f0c9a-0000-4000-8000-000000000002',
    name: 'Harbor Utilities',
    description: 'Harbour-side facilities',
    timezone: 'America/New_York',
    member_count: 1,
    device_count: 2,
    created_at: '2026-02-11T14:30:00Z',
  },
] satisfies Group[]

const [northwind, harbor] = groups as [Group, Group]

export const users = [
  {
    id: '6d1c3f3e-0000-4000-8000-000000000001',
    email: 'developer@demo.local',
    full_name: 'Dana Developer',
    role: 'developer',
    group_id: null,
    created_at: '2026-01-05T09:00:00Z',
  },
  {
    id: '6d1c3f3e-0000-4000-8000-000000000002',
    email: 'superuser@demo.local',
    full_name: 'Sam Superuser',
    role: 'superuser',
    group_id: null,
    created_at: '2026-01-05T09:00:00Z',
  },
  {
    id: '6d1c3f3e-0000-4000-8000-000000000003',
    email: 'admin@demo.local',
    full_name: 'Ada Admin',
    role: 'admin',
    group_id: northwind.id,
    created_at: '2026-01-05T09:00:00Z',
  },
  {
    id: '6d1c3f3e-0000-4000-8000-000000000004',
    email: 'user@demo.local',
    full_name: 'Uma User',
    role: 'user',
    group_id: northwind.id,
    created_at: '2026-01-06T09:00:00Z',
  },
  {
    id: '6d1c3f3e-0000-4000-8000-000000000005',
    email: 'admin2@demo.local',
    full_name: 'Hal Harbor',
    role: 'admin',
    group_id: harbor.id,
    created_at: '2026-02-11T14:30:00Z',
  },
] satisfies User[]

const device = (n: number, group: Group, fields: Partial<Device>): Device => ({
  id: `9e0a7b1c-0000-4000-8000-${String(n).padStart(12, '0')}`,
  group_id: group.id,
  name: `Meter ${n}`,
  serial_number: `EM-2024-${String(n).padStart(5, '0')}`,
  location: null,
  description: null,
  device_model_id: null,
  handler: null,
  status: 'online',
  last_seen: '2026-11-22T09:45:00Z',
  latest_kwh: 10_000 + n * 731.25,
  today_kwh: 12.5 + n,
  summary: {
    reading_count: 35_040,
    first_reading_at: '2025-11-22T10:00:00Z',
    last_reading_at: '2026-11-22T09:45:00Z',
  },
  has_token: false,
  token_last_used_at: null,
  created_at: '2025-11-22T10:00:00Z',
  updated_at: '2026-11-01T08:00:00Z',
  ...fields,
})

export const devices: Device[] = [
  device(17, northwind, {
    name: 'Main meter – Building A',
    location: 'Berlin, Floor 2',
    handler: 'modbus_tcp',
  }),
  device(18, northwind, { name: 'Warehouse north', location: 'Hamburg, Hall 3' }),
  device(19, northwind, {
    name: 'Cold storage',
    location: 'Hamburg, Hall 1',
    status: 'offline',
    last_seen: '2026-11-19T22:15:00Z',
    today_kwh: 0,
  }),
  device(20, northwind, { name: 'EV chargers', location: null, today_kwh: 84.2 }),
  device(31, harbor, { name: 'Pier 4 shore power', location: 'Boston, Pier 4' }),
  device(32, harbor, { name: 'Office HVAC', location: 'Boston, Admin building' }),
]

export const page = <T>(items: T[], skip = 0, limit = 100) => ({
  items: items.slice(skip, skip + limit),
  total: items.length,
  skip,
  limit,
})
