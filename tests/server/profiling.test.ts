import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM } from '../../src/server/db/database.ts'
import { insertReadings } from '../../src/server/modules/readings/readings-repository.ts'
import { build, type TestApp } from './helpers/build.ts'
import { responseValidator } from './helpers/spec.ts'

let t: TestApp
let deviceId: string
const validate = responseValidator()

beforeAll(async () => {
  t = await build()
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, 'Profiled meter', 'PR-1'],
  )
  deviceId = rows[0]!.id
  const now = Date.now()
  const readings = [0, 1, 2, 3].map((i) => ({
    deviceId,
    ts: new Date(now - (4 - i) * 15 * 60_000),
    kwh: 100 + i,
  }))
  await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, readings))
})
afterAll(async () => t?.close())

const today = (profile: string) => ({
  method: 'GET' as const,
  url: `/api/v1/devices/${deviceId}/consumption/cumulative/today`,
  query: { timezone: 'UTC', profile },
})

describe('profiling (spec §3 Profile data)', () => {
  it('answers { data, profile } with the SQL that really ran', async () => {
    const response = await t.call(await t.as('developer'), today('true'))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/vnd.console.profiled+json')
    const body = response.json()
    expect(
      validate('getCumulativeConsumptionToday', 200, 'application/vnd.console.profiled+json', body),
    ).toEqual([])
    expect(body.data.device_id).toBe(deviceId)
    const [step] = body.profile.steps
    expect(body.profile.total_db_queries).toBe(step.query_count)
    expect(step.queries.some((q: string) => /delta_kwh/.test(q))).toBe(true)
    for (const timing of step.query_timings) expect(timing.duration_ms).toBeGreaterThanOrEqual(0)
    expect(step.python_execution_ms).toBeLessThanOrEqual(step.duration_ms)
  })

  it('answers the plain body without profile=true', async () => {
    const response = await t.call(await t.as('developer'), today('false'))
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.json()).not.toHaveProperty('profile')
  })

  it('is for developers only', async () => {
    const response = await t.call(await t.as('admin'), today('true'))
    expect(response.statusCode).toBe(403)
  })
})
