/** Pure rules of the device list: search parameters to an API query, and the instant local filter. */
import type { Device, ListDevicesData } from '~/api'
import type { devicesSearch } from '~/lib/search-params'
import type * as z from 'zod/mini'

export type DevicesSearch = z.infer<typeof devicesSearch>
export type DeviceSortKey = NonNullable<DevicesSearch['sort']>

/** Spec §9: default page size 100, skip 0. */
export const DEFAULT_PAGE_SIZE = 100
export const PAGE_SIZES = [50, 100, 200, 500] as const

export function listQuery(search: DevicesSearch): NonNullable<ListDevicesData['query']> {
  const limit = search.pageSize ?? DEFAULT_PAGE_SIZE
  const page = search.page ?? 1
  return {
    skip: (page - 1) * limit,
    limit,
    search: search.search?.trim() || undefined,
    status: search.status,
    sort: search.sort ?? 'name',
    order: search.order ?? 'asc',
  }
}

/** The server's match (case-insensitive over name, serial number, location), for rows already loaded. */
export function matchesSearch(
  device: Pick<Device, 'name' | 'serial_number' | 'location'>,
  text: string,
): boolean {
  const needle = text.trim().toLocaleLowerCase()
  if (!needle) return true
  return [device.name, device.serial_number, device.location ?? ''].some((field) =>
    field.toLocaleLowerCase().includes(needle),
  )
}

export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize))

/** Changing what is listed starts again from the first page. */
export function nextSearch(current: DevicesSearch, change: Partial<DevicesSearch>): DevicesSearch {
  const resetsPage = Object.keys(change).some((key) => key !== 'page')
  const next = { ...current, ...change, ...(resetsPage ? { page: undefined } : {}) }
  // Defaults stay out of the URL so shared links stay short.
  if (next.page === 1) next.page = undefined
  if (next.pageSize === DEFAULT_PAGE_SIZE) next.pageSize = undefined
  if (!next.search) next.search = undefined
  return next
}

/** Clicking a column header: a new column sorts ascending, the same column flips direction. */
export function toggleSort(current: DevicesSearch, key: DeviceSortKey): Partial<DevicesSearch> {
  const activeKey = current.sort ?? 'name'
  const activeOrder = current.order ?? 'asc'
  if (activeKey !== key) return { sort: key, order: 'asc' }
  return { sort: key, order: activeOrder === 'asc' ? 'desc' : 'asc' }
}
