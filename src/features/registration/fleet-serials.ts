import type { QueryClient } from '@tanstack/react-query'
import { listDevicesOptions, type Device } from '~/api'

const PAGE = 500

/** Every device in scope, a page of 500 at a time: to find serial numbers already taken. */
export async function fetchAllDevices(queryClient: QueryClient): Promise<Device[]> {
  const all: Device[] = []
  for (let skip = 0; ; skip += PAGE) {
    const page = await queryClient.fetchQuery({
      ...listDevicesOptions({ query: { skip, limit: PAGE, sort: 'created_at' } }),
      staleTime: 0,
    })
    all.push(...page.items)
    if (page.items.length < PAGE || all.length >= page.total) return all
  }
}
