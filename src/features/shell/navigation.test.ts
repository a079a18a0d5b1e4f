import { describe, expect, it } from 'vitest'
import { sidebarItems } from './navigation'

describe('sidebar (spec §2, §6)', () => {
  it('shows each role the items it may open, never the hidden ones', () => {
    const labels = (role: Parameters<typeof sidebarItems>[0]) =>
      sidebarItems(role).map((i) => i.label)
    expect(labels('DEVELOPER')).toEqual([
      'Dashboard',
      'Devices',
      'Reports',
      'Notifications',
      'Users & Groups',
      'Debug',
    ])
    expect(labels('SUPERUSER')).toEqual([
      'Dashboard',
      'Devices',
      'Reports',
      'Notifications',
      'Users & Groups',
    ])
    expect(labels('ADMIN')).toEqual([
      'Dashboard',
      'Devices',
      'Reports',
      'Notifications',
      'Users & Groups',
    ])
    expect(labels('USER')).toEqual(['Dashboard', 'Devices', 'Reports', 'Notifications'])
  })
})

import { initials } from './initials'

describe('initials', () => {
  it('takes the first and last name, or the e-mail', () => {
    expect(initials('Ada King Lovelace', 'a@b.c')).toBe('AL')
    expect(initials('ada', 'a@b.c')).toBe('A')
    expect(initials('', 'zoe@demo.local')).toBe('Z')
    expect(initials(null, 'x@y.z')).toBe('X')
  })
})
