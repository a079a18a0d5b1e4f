/**
 * Users and groups for stories: a small mutable database per call of `peopleHandlers`, so a story
 * that creates, edits or deletes sees its change in the lists, and the server's refusals (a taken
 * name, a group with devices) can be played out.
 */
import { HttpResponse, delay } from 'msw'
import type { Group, Preferences, SystemInfo, User } from '../api'
import {
  handleChangePassword,
  handleGetPreferences,
  handleGetSystemInfo,
  handleUpdatePreferences,
  handleCreateGroup,
  handleCreateTenant,
  handleCreateUser,
  handleDeleteGroup,
  handleDeleteUser,
  handleGetCurrentUser,
  handleListGroupMembers,
  handleListGroups,
  handleListUsers,
  handleRefreshSession,
  handleUpdateGroup,
  handleUpdateUser,
} from '../api/__generated__/msw.gen'
import { groups as baseGroups, users as baseUsers } from './fixtures'

const [northwind] = baseGroups as [Group, Group]

/** `count` extra users of Northwind Energy, for paging and search. */
export const manyUsers = (count: number): User[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `7e2d4f4f-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    email: `operator${String(i + 1).padStart(3, '0')}@northwind.example`,
    full_name: `Operator ${i + 1}`,
    role: i % 10 === 0 ? 'admin' : 'user',
    group_id: northwind.id,
    created_at: '2026-03-01T08:00:00Z',
  }))

/** Signs a story in as one of the fixture users (0 developer, 1 superuser, 2 admin, 3 user). */
export const signedInAs = (user: User) => [
  handleGetCurrentUser({ body: { ...user, kind: 'user' } }),
  handleRefreshSession({ body: { user } }),
]

const problem = (status: number, detail: unknown, extra: Record<string, string> = {}) =>
  HttpResponse.json({ detail, ...extra }, { status })

const newId = (prefix: string, n: number) =>
  `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`

export interface PeopleOptions {
  users?: User[]
  groups?: Group[]
}

/** Handlers for the users and groups areas over one small database. */
export function peopleHandlers({
  users = [...baseUsers],
  groups = [...baseGroups],
}: PeopleOptions = {}) {
  const db = { users: [...users], groups: [...groups] }
  let seq = 100
  const membersOf = (id: string) => db.users.filter((u) => u.group_id === id)
  const withCounts = (g: Group): Group => ({ ...g, member_count: membersOf(g.id).length })

  return {
    users: [
      handleListUsers(({ request }) => {
        const url = new URL(request.url)
        const skip = Number(url.searchParams.get('skip') ?? 0)
        const limit = Number(url.searchParams.get('limit') ?? 100)
        // The server's rule: the text inside the full name or the e-mail, ignoring case.
        const search = url.searchParams.get('search')?.trim().toLowerCase() ?? ''
        const found = db.users.filter(
          (u) =>
            !search ||
            (u.full_name ?? '').toLowerCase().includes(search) ||
            u.email.toLowerCase().includes(search),
        )
        return HttpResponse.json({
          items: found.slice(skip, skip + limit),
          total: found.length,
          skip,
          limit,
        })
      }),
      handleCreateUser(async ({ request }) => {
        const body = await request.json()
        if (db.users.some((u) => u.email === body.email))
          return problem(409, 'A user with this e-mail already exists', { code: 'duplicate' })
        const user: User = {
          id: newId('6d1c3f3e', ++seq),
          full_name: body.full_name,
          email: body.email,
          role: body.role,
          group_id: body.group_id ?? northwind.id,
          created_at: '2026-11-22T10:00:00Z',
        }
        db.users.push(user)
        await delay(150)
        return HttpResponse.json(user, { status: 201 })
      }),
      handleUpdateUser(async ({ request, params }) => {
        const body = await request.json()
        const index = db.users.findIndex((u) => u.id === params.id)
        if (index < 0) return problem(404, 'User not found')
        const updated: User = { ...db.users[index]!, ...body }
        db.users[index] = updated
        return HttpResponse.json(updated)
      }),
      handleDeleteUser(({ params }) => {
        db.users = db.users.filter((u) => u.id !== params.id)
        return new HttpResponse(null, { status: 204 })
      }),
    ],
    groups: [
      handleListGroups(() =>
        HttpResponse.json({
          items: db.groups.map(withCounts),
          total: db.groups.length,
          skip: 0,
          limit: 500,
        }),
      ),
      handleCreateGroup(async ({ request }) => {
        const body = await request.json()
        if (db.groups.some((g) => g.name.toLowerCase() === body.name.toLowerCase())) {
          return problem(409, `A group named ${body.name} already exists`, { code: 'duplicate' })
        }
        const group: Group = {
          id: newId('1b6f0c9a', ++seq),
          name: body.name,
          description: body.description ?? null,
          timezone: body.timezone ?? 'UTC',
          member_count: 0,
          device_count: 0,
          created_at: '2026-11-22T10:00:00Z',
        }
        db.groups.push(group)
        return HttpResponse.json(group, { status: 201 })
      }),
      handleUpdateGroup(async ({ request, params }) => {
        const body = await request.json()
        const index = db.groups.findIndex((g) => g.id === params.id)
        if (index < 0) return problem(404, 'Group not found')
        const updated: Group = {
          ...db.groups[index]!,
          name: body.name,
          description: body.description ?? null,
          timezone: body.timezone ?? 'UTC',
        }
        db.groups[index] = updated
        return HttpResponse.json(withCounts(updated))
      }),
      handleDeleteGroup(({ params }) => {
        const group = db.groups.find((g) => g.id === params.id)
        if (!group) return problem(404, 'Group not found')
        if (group.device_count > 0) {
          return problem(409, `${group.name} still has ${group.device_count} devices`, {
            code: 'dependents',
            remediation: 'Ensure the group has no dependent resources before deleting.',
          })
        }
        db.groups = db.groups.filter((g) => g.id !== params.id)
        db.users = db.users.map((u) => (u.group_id === params.id ? { ...u, group_id: null } : u))
        return new HttpResponse(null, { status: 204 })
      }),
      handleListGroupMembers(({ params }) =>
        HttpResponse.json({ items: membersOf(String(params.id)) }),
      ),
    ],
    tenants: [
      handleCreateTenant(async ({ request }) => {
        const body = await request.json()
        if (db.groups.some((g) => g.name.toLowerCase() === body.group.name.toLowerCase())) {
          return problem(409, `A group named ${body.group.name} already exists`, {
            code: 'duplicate',
          })
        }
        await delay(300)
        const group: Group = {
          id: newId('1b6f0c9a', ++seq),
          name: body.group.name,
          description: body.group.description ?? null,
          timezone: body.settings?.timezone ?? body.group.timezone ?? 'UTC',
          member_count: 1,
          device_count: 0,
          created_at: '2026-11-22T10:00:00Z',
        }
        const admin: User = {
          id: newId('6d1c3f3e', ++seq),
          email: body.admin.email,
          full_name: body.admin.full_name,
          role: 'admin',
          group_id: group.id,
          created_at: group.created_at,
        }
        db.groups.push(group)
        db.users.push(admin)
        return HttpResponse.json({ group, admin, rules: [] }, { status: 201 })
      }),
    ],
  }
}

/** The settings screen's calls: preferences, password change (wrong unless 'demo-password'), system info. */
export function settingsHandlers({
  preferences = {
    theme: 'light',
    timezone: 'Europe/Berlin',
    week_start: 'monday',
    month_start_day: 1,
  } as Preferences,
} = {}) {
  let saved = preferences
  return {
    preferences: [
      handleGetPreferences(() => HttpResponse.json(saved)),
      handleUpdatePreferences(async ({ request }) => {
        saved = await request.json()
        return HttpResponse.json(saved)
      }),
    ],
    account: [
      handleChangePassword(async ({ request }) => {
        const body = await request.json()
        if (body.current_password !== 'demo-password') {
          return problem(400, 'The current password is not correct', {
            code: 'invalid_current_password',
          })
        }
        return new HttpResponse(null, { status: 204 })
      }),
    ],
    debug: [handleGetSystemInfo({ body: systemInfo })],
  }
}

export const systemInfo: SystemInfo = {
  version: '1.0.0',
  environment: 'development',
  uptime_seconds: 93_784,
  node_version: 'v20.20.2',
  database: { kind: 'pglite', version: '18.6', size_bytes: 734_003_200 },
  counts: { users: 5, groups: 2, devices: 6, readings: 210_240, notifications: 42 },
  memory: { rss_mb: 312.4, heap_used_mb: 141.9 },
  started_at: '2026-11-21T07:57:00Z',
}
