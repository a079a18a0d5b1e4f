import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../../helpers/build.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

const preferencesUrl = '/api/v1/users/me/preferences'

describe('preferences a user never saved', () => {
  it.each([
    ['admin', 'Europe/Berlin'],
    ['user', 'Europe/Berlin'],
    ['admin2', 'America/New_York'],
    ['developer', 'UTC'],
  ] as const)('count days for %s in the group timezone (%s)', async (user, timezone) => {
    const answer = await t.call(await t.as(user), { method: 'GET', url: preferencesUrl })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      theme: 'system',
      timezone,
      week_start: 'sunday',
      month_start_day: 1,
    })
  })

  it('follow the group when its timezone changes, and a saved choice wins over it', async () => {
    const user2 = await t.as('user2')
    const developer = await t.as('developer')
    const group = await t.call(developer, { method: 'GET', url: `/api/v1/groups/${t.fx.groups.B}` })
    const moved = await t.call(developer, {
      method: 'PUT',
      url: `/api/v1/groups/${t.fx.groups.B}`,
      payload: { name: group.json().name, timezone: 'America/Chicago' },
    })
    expect(moved.statusCode).toBe(200)
    const read = async () =>
      (await t.call(user2, { method: 'GET', url: preferencesUrl })).json().timezone
    expect(await read()).toBe('America/Chicago')

    const saved = await t.call(user2, {
      method: 'PUT',
      url: preferencesUrl,
      payload: {
        theme: 'dark',
        timezone: 'Asia/Kolkata',
        week_start: 'monday',
        month_start_day: 1,
      },
    })
    expect(saved.statusCode).toBe(200)
    expect(await read()).toBe('Asia/Kolkata')
  })
})
