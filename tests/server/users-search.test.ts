import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type Session, type TestApp } from './helpers/build.ts'

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
