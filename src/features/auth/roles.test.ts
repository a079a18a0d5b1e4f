import { describe, expect, it } from 'vitest'
import { areaRoles, canAccess, isElevated, parseRole, roles } from './roles'

describe('roles (spec §5, §6)', () => {
  it('upper-cases server roles', () => {
    expect(parseRole('developer')).toBe('DEVELOPER')
    expect(parseRole('admin')).toBe('ADMIN')
  })
  it('rejects anything else with the spec message', () => {
    expect(() => parseRole('owner')).toThrow('Invalid role received from API: owner')
    expect(() => parseRole(undefined)).toThrow('Invalid role received from API: undefined')
  })
  it('follows the permission table', () => {
    const table = Object.fromEntries(
      roles.map((role) => [
        role,
        (Object.keys(areaRoles) as (keyof typeof areaRoles)[]).filter((a) => canAccess(role, a)),
      ]),
    )
    expect(table).toEqual({
      DEVELOPER: [
        'dashboard',
        'devices',
        'reports',
        'notifications',
        'registerDevice',
        'users',
        'settings',
        'debug',
      ],
      SUPERUSER: [
        'dashboard',
        'devices',
        'reports',
        'notifications',
        'registerDevice',
        'users',
        'settings',
      ],
      ADMIN: ['dashboard', 'devices', 'reports', 'notifications', 'registerDevice', 'users'],
      USER: ['dashboard', 'devices', 'reports', 'notifications'],
    })
  })
  it('elevates only developers and superusers', () => {
    expect(roles.filter(isElevated)).toEqual(['DEVELOPER', 'SUPERUSER'])
  })
})
