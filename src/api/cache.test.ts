import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { cancel, forget, invalidate } from './cache'
import { getDeviceQueryKey, listDevicesQueryKey, listGroupsQueryKey } from './index'

const cached = () => {
  const queryClient = new QueryClient()
  const keys = {
    devices: listDevicesQueryKey({ query: { search: 'pump' } }),
    groups: listGroupsQueryKey(),
    deviceA: getDeviceQueryKey({ path: { id: 'a' } }),
    deviceB: getDeviceQueryKey({ path: { id: 'b' } }),
  }
  for (const key of Object.values(keys)) queryClient.setQueryData(key, {})
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
  return { queryClient, keys, stale }
}

describe('cache helpers (by generated operation)', () => {
  it('invalidates every call of one operation, whatever its parameters', async () => {
    const { queryClient, stale } = cached()
    await invalidate(queryClient, 'listDevices')
    expect(stale()).toEqual(['devices'])
  })

  it('narrows an operation by its path or query', async () => {
    const { queryClient, stale } = cached()
    await invalidate(queryClient, 'getDevice', { path: { id: 'b' } })
    expect(stale()).toEqual(['deviceB'])
    await invalidate(queryClient, 'listDevices', { query: { search: 'fan' } })
    expect(stale()).toEqual(['deviceB'])
  })

  it('takes several operations, all but some, or everything about one object', async () => {
    const { queryClient, stale } = cached()
    await invalidate(queryClient, ['listGroups', 'getDevice'], { path: { id: 'a' } })
    expect(stale()).toEqual(['deviceA'])
    await invalidate(queryClient, ['listGroups', 'listDevices'])
    expect(stale()).toEqual(['devices', 'groups', 'deviceA'])
    await invalidate(queryClient, { except: ['listGroups'] })
    expect(stale()).toEqual(['devices', 'groups', 'deviceA', 'deviceB'])

    const other = cached()
    await invalidate(other.queryClient, 'all', { path: { id: 'b' } })
    expect(other.stale()).toEqual(['deviceB'])
    await invalidate(other.queryClient, 'all')
    expect(other.stale()).toEqual(['devices', 'groups', 'deviceA', 'deviceB'])
  })

  it('forgets and cancels by the same scopes', async () => {
    const { queryClient, keys } = cached()
    forget(queryClient, { except: ['getDevice'] })
    expect(queryClient.getQueryData(keys.devices)).toBeUndefined()
    expect(queryClient.getQueryData(keys.groups)).toBeUndefined()
    expect(queryClient.getQueryData(keys.deviceA)).toEqual({})

    const aborted: string[] = []
    const pending = (id: string) =>
      queryClient.fetchQuery({
        queryKey: getDeviceQueryKey({ path: { id } }),
        queryFn: ({ signal }) =>
          new Promise((_, reject) =>
            signal.addEventListener('abort', () => {
              aborted.push(id)
              reject(signal.reason)
            }),
          ),
      })
    // A cancelled fetch goes back to the data it had: both devices are still cached.
    const fetches = [pending('a'), pending('b')]
    await cancel(queryClient, 'getDevice', { path: { id: 'a' } })
    expect(aborted).toEqual(['a'])
    await cancel(queryClient, 'getDevice')
    expect(aborted).toEqual(['a', 'b'])
    expect(await Promise.all(fetches)).toEqual([{}, {}])
  })
})
