import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAudited } from '../../helpers/audit.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
  const admin = await t.as('admin')
  for (const [email, fullName] of [
    ['anna.berg@example.test', 'Anna Berg'],
    ['ops@example.test', 'Johanna Ops'],
    ['percent@example.test', '100% Uptime_Team'],
  ]) {
    const created = await t.call(admin, {
      method: 'POST',
      url: '/api/v1/users/',
      payload: { email, full_name: fullName, password: 'long-enough-password', role: 'user' },
    })
    expect(created.statusCode, created.body).toBe(201)
  }
})
afterAll(async () => t?.close())

const search = async (session: Session, text: string, extra = '', headers = {}) => {
  const response = await t.call(session, {
    method: 'GET',
    url: `/api/v1/users/?search=${encodeURIComponent(text)}${extra}`,
    headers,
  })
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json() as { items: Array<{ email: string }>; total: number }
  return { emails: body.items.map((u) => u.email), total: body.total }
}

describe('listUsers search', () => {
  it('matches full name or e-mail, ignoring case, and counts only the matches', async () => {
    const admin = await t.as('admin')
    expect(await search(admin, 'ANNA')).toEqual({
      emails: ['anna.berg@example.test', 'ops@example.test'],
      total: 2,
    })
    expect(await search(admin, 'Ops@Example')).toEqual({ emails: ['ops@example.test'], total: 1 })
    expect(await search(admin, 'nobody-like-this')).toEqual({ emails: [], total: 0 })
    // Blank search lists everyone of the group.
    const all = await search(admin, '   ')
    expect(all.total).toBe(5)
  })

  it('takes wildcard characters literally', async () => {
    const admin = await t.as('admin')
    expect((await search(admin, '100%')).emails).toEqual(['percent@example.test'])
    expect((await search(admin, 'e_t')).emails).toEqual(['percent@example.test'])
    expect((await search(admin, '%')).emails).toEqual(['percent@example.test'])
  })

  it('pages the matches with the total of all matches', async () => {
    const admin = await t.as('admin')
    expect(await search(admin, 'anna', '&limit=1&skip=1')).toEqual({
      emails: ['ops@example.test'],
      total: 2,
    })
    expect(await search(admin, 'anna', '&limit=1&skip=5')).toEqual({ emails: [], total: 2 })
  })

  it('stays inside the tenant', async () => {
    expect(await search(await t.as('admin2'), 'anna')).toEqual({ emails: [], total: 0 })
    const developer = await t.as('developer')
    expect((await search(developer, 'anna')).total).toBe(2)
    expect((await search(developer, 'anna', '', { 'x-group-id': t.fx.groups.B })).emails).toEqual(
      [],
    )
  })

  it('refuses an oversized search', async () => {
    const response = await t.call(await t.as('admin'), {
      method: 'GET',
      url: `/api/v1/users/?search=${'x'.repeat(201)}`,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0].loc).toEqual(['query', 'search'])
  })
})

const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload })

describe('users', () => {
  it('admins create admin and user accounts in their own group only', async () => {
    const admin = await t.as('admin')
    const created = await t.call(
      admin,
      post('/api/v1/users/', {
        email: 'Mia@Demo.local',
        full_name: 'Mia',
        password: 'long-enough-password',
        role: 'admin',
      }),
    )
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      email: 'mia@demo.local',
      role: 'admin',
      group_id: t.fx.groups.A,
    })
    for (const role of ['developer', 'superuser']) {
      const refused = await t.call(
        admin,
        post('/api/v1/users/', {
          email: `${role}2@demo.local`,
          full_name: 'X',
          password: 'long-enough-password',
          role,
        }),
      )
      expect(refused.statusCode, role).toBe(403)
    }
    const promote = await t.call(admin, {
      method: 'PATCH',
      url: `/api/v1/users/${created.json().id}`,
      payload: { role: 'superuser' },
    })
    expect(promote.statusCode).toBe(403)
    const touchElevated = await t.call(admin, {
      method: 'PATCH',
      url: `/api/v1/users/${t.fx.users.developer}`,
      payload: { full_name: 'X' },
    })
    expect(touchElevated.statusCode).toBe(404)
  })

  it('only developers create developers; superusers create superusers', async () => {
    const superuser = await t.as('superuser')
    const dev = await t.call(
      superuser,
      post('/api/v1/users/', {
        email: 'dev2@demo.local',
        full_name: 'D',
        password: 'long-enough-password',
        role: 'developer',
      }),
    )
    expect(dev.statusCode).toBe(403)
    const su = await t.call(
      superuser,
      post('/api/v1/users/', {
        email: 'su2@demo.local',
        full_name: 'S',
        password: 'long-enough-password',
        role: 'superuser',
        group_id: null,
      }),
    )
    expect(su.statusCode).toBe(201)
    expect(su.json().group_id).toBeNull()
    const developer = await t.as('developer')
    const ok = await t.call(
      developer,
      post('/api/v1/users/', {
        email: 'dev3@demo.local',
        full_name: 'D',
        password: 'long-enough-password',
        role: 'developer',
      }),
    )
    expect(ok.statusCode).toBe(201)
    const scoped = await t.call(developer, {
      ...post('/api/v1/users/', {
        email: 'scoped@demo.local',
        full_name: 'S',
        password: 'long-enough-password',
        role: 'user',
      }),
      headers: { 'x-group-id': t.fx.groups.B },
    })
    expect(scoped.json()).toMatchObject({ group_id: t.fx.groups.B })
  })

  it('nobody changes their own role or deletes themselves', async () => {
    const admin = await t.as('admin')
    const own = await t.call(admin, {
      method: 'PATCH',
      url: `/api/v1/users/${t.fx.users.admin}`,
      payload: { role: 'user' },
    })
    expect(own.statusCode).toBe(403)
    const same = await t.call(admin, {
      method: 'PATCH',
      url: `/api/v1/users/${t.fx.users.admin}`,
      payload: { role: 'admin', full_name: 'Anna' },
    })
    expect(same.statusCode).toBe(200)
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/v1/users/${t.fx.users.admin}` }))
        .statusCode,
    ).toBe(403)
  })

  it('users may read their own account only', async () => {
    const user = await t.as('user')
    expect(
      (await t.call(user, { method: 'GET', url: `/api/v1/users/${t.fx.users.user}` })).statusCode,
    ).toBe(200)
    expect(
      (await t.call(user, { method: 'GET', url: `/api/v1/users/${t.fx.users.admin}` })).statusCode,
    ).toBe(403)
  })

  it('lists users by e-mail with paging and a total', async () => {
    const developer = await t.as('developer')
    const page = await t.call(developer, { method: 'GET', url: '/api/v1/users/?skip=1&limit=2' })
    const all = await t.call(developer, { method: 'GET', url: '/api/v1/users/?limit=500' })
    const emails = all.json().items.map((u: { email: string }) => u.email)
    expect(emails).toEqual([...emails].sort())
    expect(page.json()).toMatchObject({ skip: 1, limit: 2, total: all.json().total })
    expect(page.json().items.map((u: { email: string }) => u.email)).toEqual(emails.slice(1, 3))
    const beyond = await t.call(developer, { method: 'GET', url: '/api/v1/users/?skip=1000' })
    expect(beyond.json()).toMatchObject({ items: [], total: all.json().total })
  })

  it('writes who changed what to the audit log', async () => {
    await expectAudited(t, ['login', 'user.create', 'user.update'])
  })
})
