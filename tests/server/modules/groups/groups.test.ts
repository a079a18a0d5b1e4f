import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAudited } from '../../helpers/audit.ts'
import { build, type TestApp } from '../../helpers/build.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload })

describe('groups and tenants', () => {
  it('deleting a group with devices answers 409 with a detail the UI can show', async () => {
    const response = await t.call(await t.as('superuser'), {
      method: 'DELETE',
      url: `/api/v1/groups/${t.fx.groups.A}`,
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      detail: 'Group has 3 devices and 0 notification rules',
      code: 'has_dependents',
      remediation: 'Ensure the group has no dependent resources before deleting.',
    })
  })

  it('sets up a tenant in one step; its admin signs in; deleting it later unassigns members', async () => {
    const developer = await t.as('developer')
    const created = await t.call(
      developer,
      post('/api/v1/tenants/', {
        group: { name: 'Seaside Power', timezone: 'UTC' },
        admin: {
          email: 'first@seaside.example',
          full_name: 'First Admin',
          password: 'maple-harbor-signal-19',
        },
        settings: { timezone: 'Asia/Kolkata', week_start: 'monday' },
      }),
    )
    expect(created.statusCode).toBe(201)
    const { group, admin, rules } = created.json()
    expect(group).toMatchObject({
      name: 'Seaside Power',
      timezone: 'Asia/Kolkata',
      member_count: 1,
      device_count: 0,
    })
    expect(admin).toMatchObject({ role: 'admin', group_id: group.id })
    expect(rules).toEqual([])
    const session = await t.login('first@seaside.example', 'maple-harbor-signal-19')
    const prefs = await t.call(session, { method: 'GET', url: '/api/v1/users/me/preferences' })
    expect(prefs.json()).toEqual({
      theme: 'system',
      timezone: 'Asia/Kolkata',
      week_start: 'monday',
      month_start_day: 1,
    })
    const members = await t.call(session, {
      method: 'GET',
      url: `/api/v1/groups/${group.id}/members`,
    })
    expect(members.json().items.map((u: { email: string }) => u.email)).toEqual([
      'first@seaside.example',
    ])

    expect(
      (await t.call(developer, { method: 'DELETE', url: `/api/v1/groups/${group.id}` })).statusCode,
    ).toBe(204)
    // The member keeps the account, unassigned, and sees nothing.
    const again = await t.login('first@seaside.example', 'maple-harbor-signal-19')
    const me = await t.call(again, { method: 'GET', url: '/api/v1/users/me' })
    expect(me.json()).toMatchObject({ group_id: null, role: 'admin' })
    expect((await t.call(again, { method: 'GET', url: '/api/v1/devices/' })).json()).toMatchObject({
      total: 0,
    })
    expect((await t.call(again, { method: 'GET', url: '/api/v1/groups/' })).json()).toMatchObject({
      total: 0,
    })
  })

  it('PUT replaces a group: fields left out go back to their defaults', async () => {
    const admin = await t.as('admin2')
    const put = (payload: object) =>
      t.call(admin, { method: 'PUT', url: `/api/v1/groups/${t.fx.groups.B}`, payload })
    expect(
      (
        await put({ name: 'Harbor Utilities', description: 'Pumps', timezone: 'America/New_York' })
      ).json(),
    ).toMatchObject({ description: 'Pumps' })
    expect((await put({ name: 'Harbor Utilities' })).json()).toMatchObject({
      description: null,
      timezone: 'UTC',
    })
    await put({ name: 'Harbor Utilities', timezone: 'America/New_York' })
  })

  it('writes who changed what to the audit log', async () => {
    await expectAudited(t, ['login', 'tenant.create', 'group.delete'])
  })
})
