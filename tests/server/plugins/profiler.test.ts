import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryLog, SYSTEM, timed } from '~/server/db/database.ts'
import { profiler, step } from '~/server/plugins/profiler.ts'
import { insertReadings } from '~/server/modules/readings/readings-repository.ts'
import { build, type TestApp } from '../helpers/build.ts'
import { responseValidator } from '../helpers/spec.ts'
import { zoneAtAfternoon } from '../helpers/zones.ts'

/** A statement's stand-in: asynchronous, as a driver's query is (what it groups is not about how long). */
const later = () => new Promise<void>((resolve) => setImmediate(resolve))
let t: TestApp
let deviceId: string
const validate = responseValidator()

interface Step {
  name: string
  details: string | null
  duration_ms: number
  query_count: number
  queries: string[]
  query_timings: Array<{ query: string; duration_ms: number }>
  python_execution_ms: number
}

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
  query: { timezone: zoneAtAfternoon(), profile },
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
    const steps: Step[] = body.profile.steps
    expect(steps.map((s) => s.name)).toEqual([
      'request',
      'authorize',
      // the kWh figure priced at the group's tariffs and factors in one pass (issue 26)
      'load consumption',
      'load readings',
      // the window's highest quarter hour, from the daily rollups' quarter arrays (issue 35)
      'peak demand',
    ])
    expect(body.profile.total_db_queries).toBe(steps.reduce((n, s) => n + s.query_count, 0))
    const [request, authorize, consumption, load] = steps as [Step, Step, Step, Step]
    expect(consumption.queries.some((q) => /readings_(daily|hourly)/.test(q))).toBe(true)
    // the statements that really ran, each in the step that ran it
    expect(authorize.queries).toEqual([expect.stringMatching(/FROM devices d WHERE d\.id = \$1/)])
    expect(load.queries.some((q) => /readings/.test(q))).toBe(true)
    expect(load.details).toMatch(/^4 readings in 1 buckets$/)
    // the session lookup belongs to no named step
    expect(request.queries).toEqual([expect.stringMatching(/FROM users u JOIN sessions s/)])
    for (const s of steps) {
      expect(s.query_count).toBe(s.queries.length)
      expect(s.query_timings.map((q) => q.query)).toEqual(s.queries)
      for (const timing of s.query_timings) expect(timing.duration_ms).toBeGreaterThanOrEqual(0)
      expect(s.python_execution_ms).toBeLessThanOrEqual(s.duration_ms)
    }
    expect(authorize.duration_ms + consumption.duration_ms + load.duration_ms).toBeLessThanOrEqual(
      body.profile.total_duration_ms,
    )
  })

  it('shows the bucket step of an interval query', async () => {
    const response = await t.call(await t.as('developer'), {
      method: 'GET',
      url: `/api/v1/devices/${deviceId}/consumption/intervals/today`,
      query: { timezone: 'Europe/Berlin', profile: 'true' },
    })
    expect(response.statusCode).toBe(200)
    const steps: Step[] = response.json().profile.steps
    expect(steps.map((s) => s.name)).toEqual([
      'request',
      'bucket',
      'authorize',
      'load readings',
      // The export register is read and priced with the import (issue 35).
      'price',
      'peak demand',
    ])
    expect(steps[1]).toMatchObject({
      details: 'hourly buckets in Europe/Berlin',
      query_count: 0,
      queries: [],
    })
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

describe('step(), the profiler API for handlers', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = Fastify()
    profiler(app)
    // Stands in for a handler: timed() is what both database drivers call for each statement.
    const sql = (text: string) => timed(text, later)
    // Profiling applies where the contract declares `profile`, as every profiled operation does.
    const schema = { querystring: { type: 'object', properties: { profile: { type: 'string' } } } }
    app.get('/work', { schema }, async () => {
      await sql('SELECT loose')
      const rows = await step(
        'load',
        (n: number) => `${n} rows`,
        async () => {
          await sql('SELECT a')
          await step('parse', 'inner', () => sql('SELECT b'))
          return 3
        },
      )
      await Promise.all([
        step('left', null, () => sql('SELECT left')),
        step('right', null, () => sql('SELECT right')),
      ])
      return { rows }
    })
    await app.ready()
  })
  afterAll(async () => app?.close())

  it('groups statements by step: nested ones count in their parent, parallel ones apart', async () => {
    const response = await app.inject({ method: 'GET', url: '/work?profile=true' })
    const { data, profile } = response.json()
    expect(data).toEqual({ rows: 3 })
    const byName = Object.fromEntries(profile.steps.map((s: Step) => [s.name, s]))
    expect(Object.keys(byName)).toEqual(['request', 'load', 'load / parse', 'left', 'right'])
    expect(byName.request.queries).toEqual(['SELECT loose'])
    expect(byName.load).toMatchObject({ details: '3 rows', queries: ['SELECT a', 'SELECT b'] })
    expect(byName['load / parse'].queries).toEqual(['SELECT b'])
    expect(byName.left.queries).toEqual(['SELECT left'])
    expect(byName.right.queries).toEqual(['SELECT right'])
    expect(profile.total_db_queries).toBe(5)
    expect(byName.left.duration_ms).toBeGreaterThanOrEqual(byName.left.query_timings[0].duration_ms)
  })

  it('records nothing and only calls through when not profiling', async () => {
    const response = await app.inject({ method: 'GET', url: '/work' })
    expect(response.json()).toEqual({ rows: 3 })
    expect(queryLog.getStore()).toBeUndefined()
    expect(await step('alone', null, () => 42)).toBe(42)
  })
})
