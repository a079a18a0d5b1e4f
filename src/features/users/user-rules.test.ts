import { describe, expect, it } from 'vitest'
import type { User } from '~/api'
import type { SessionUser } from '../auth/session'
import { assignableRoles, canDeleteUser, canEditUser, groupName, matchUsers } from './user-rules'

const group = { id: 'g1', name: 'Northwind Energy' }
const user = (id: string, role: User['role'], fields: Partial<User> = {}): User => ({
  id,
  email: `${id}@demo.local`,
  full_name: null,
  role,
  group_id: 'g1',
  created_at: '2026-01-01T00:00:00Z',
  ...fields,
})
const editor = (role: SessionUser['role']): SessionUser => ({ ...user('me', 'admin'), role })

describe('assignableRoles', () => {
  it('limits admins to admin and user, superusers to all but developer', () => {
    expect(assignableRoles('ADMIN')).toEqual(['ADMIN', 'USER'])
    expect(assignableRoles('SUPERUSER')).toEqual(['SUPERUSER', 'ADMIN', 'USER'])
    expect(assignableRoles('DEVELOPER')).toEqual(['DEVELOPER', 'SUPERUSER', 'ADMIN', 'USER'])
    expect(assignableRoles('USER')).toEqual([])
  })
})

describe('canEditUser / canDeleteUser', () => {
  it('lets an admin manage users and admins but not elevated accounts', () => {
    expect(canEditUser(editor('ADMIN'), user('u', 'user'))).toBe(true)
    expect(canEditUser(editor('ADMIN'), user('a', 'admin'))).toBe(true)
    expect(canEditUser(editor('ADMIN'), user('s', 'superuser', { group_id: null }))).toBe(false)
    expect(canEditUser(editor('SUPERUSER'), user('d', 'developer'))).toBe(false)
  })

  it('never lets anyone delete themselves', () => {
    expect(canDeleteUser(editor('DEVELOPER'), user('me', 'admin'))).toBe(false)
    expect(canDeleteUser(editor('DEVELOPER'), user('other', 'admin'))).toBe(true)
  })
})

describe('matchUsers', () => {
  const users = [
    user('ada', 'admin', { full_name: 'Ada Admin' }),
    user('uma', 'user', { full_name: 'Uma User' }),
    user('dana', 'developer', { full_name: 'Dana Developer', group_id: null }),
  ]

  it('finds the text in the name or the e-mail, ignoring case, as the server does', () => {
    expect(matchUsers(users, 'ADA').map((u) => u.id)).toEqual(['ada'])
    expect(matchUsers(users, 'uma@demo').map((u) => u.id)).toEqual(['uma'])
    expect(matchUsers(users, ' dana developer ').map((u) => u.id)).toEqual(['dana'])
    // Role and group are not searched: the server would not find them either.
    expect(matchUsers(users, 'developer admin')).toEqual([])
    expect(matchUsers(users, '  ')).toHaveLength(3)
  })

  it('names groups, and says so when a group is missing or unknown', () => {
    expect(groupName('g1', [group])).toBe('Northwind Energy')
    expect(groupName(null, [group])).toBe('No group')
    expect(groupName('gone', [group])).toBe('Unknown group')
  })
})
