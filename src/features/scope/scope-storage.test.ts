import { describe, expect, it } from 'vitest'
import { ALL_GROUPS, resolveScope } from './scope-storage'

const groups = ['g1', 'g2']

describe('group scope (spec §4)', () => {
  it('lets elevated users pick a known group or all', () => {
    const dev = { id: 'u', role: 'DEVELOPER' as const, group_id: null }
    expect(resolveScope(dev, 'g2', groups)).toBe('g2')
    expect(resolveScope(dev, ALL_GROUPS, groups)).toBeNull()
    expect(resolveScope(dev, null, groups)).toBeNull()
  })
  it('falls back to all groups when an elevated choice is unknown', () => {
    expect(resolveScope({ id: 'u', role: 'SUPERUSER' }, 'gone', groups)).toBeNull()
  })
  it('fixes everyone else to their own group, whatever is stored', () => {
    const admin = { id: 'u', role: 'ADMIN' as const, group_id: 'g1' }
    expect(resolveScope(admin, 'g2', groups)).toBe('g1')
    expect(resolveScope({ ...admin, role: 'USER' }, ALL_GROUPS, groups)).toBe('g1')
  })
})
