import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { createScopeStore } from './scope-store'

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size
    },
  }
}

describe('scope store (spec §4)', () => {
  it('remembers an elevated user’s choice per user, and invalidates scoped data only', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData([{ _id: 'listDevices' }], { items: [] })
    queryClient.setQueryData([{ _id: 'listGroups' }], { items: [] })
    const storage = memoryStorage()
    const store = createScopeStore(queryClient, () => storage)
    store.sync({ id: 'dev', role: 'DEVELOPER' }, ['g1', 'g2'])
    expect(store.get()).toBeNull()
    store.choose('g2')
    expect(store.get()).toBe('g2')
    expect(storage.getItem('group-scope:dev')).toBe('g2')
    expect(queryClient.getQueryState([{ _id: 'listDevices' }])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState([{ _id: 'listGroups' }])?.isInvalidated).toBe(false)

    const again = createScopeStore(queryClient, () => storage)
    again.sync({ id: 'dev', role: 'DEVELOPER' }, ['g1', 'g2'])
    expect(again.get()).toBe('g2')
    store.choose(null)
    expect(storage.getItem('group-scope:dev')).toBe('__all__')
  })

  it('keeps everyone else on their own group', () => {
    const store = createScopeStore(new QueryClient(), memoryStorage)
    store.sync({ id: 'a', role: 'ADMIN', group_id: 'g1' }, ['g1', 'g2'])
    expect(store.get()).toBe('g1')
    store.sync(null, [])
    expect(store.get()).toBeNull()
  })
})
