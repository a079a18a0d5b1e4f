import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../../helpers/build.ts'
import { responseValidator } from '../../helpers/spec.ts'
import { EMBEDDED_CAPACITY } from '~/server/modules/server-status/embedded-capacity.ts'

const validate = responseValidator()

describe('GET /api/v1/server/status: the server notices admins see', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await build()
  }, 120_000)
  afterAll(() => t.close())

  async function status(user: 'admin' | 'admin2' | 'developer' | 'user') {
    const response = await t.call(await t.as(user), {
      method: 'GET',
      url: '/api/v1/server/status',
    })
    const body = response.json()
    expect(validate('getServerStatus', response.statusCode, 'application/json', body)).toEqual([])
    return { status: response.statusCode, body }
  }

  it('answers admins and above; a user gets 403', async () => {
    expect((await status('admin')).status).toBe(200)
    expect((await status('developer')).status).toBe(200)
    expect((await status('user')).status).toBe(403)
  })

  it('says when the embedded database runs past its capacity (on PGlite only), from what the server took', async () => {
    expect((await status('admin')).body.notices).toEqual([])
    // Readings through the real ingest path are counted: a bulk push of 3 stored readings.
    const device = t.fx.devicesOf.A[0]!
    const push = await t.call(await t.as('admin'), {
      method: 'POST',
      url: '/api/v1/devices/bulk_push',
      payload: {
        items: [1, 2, 3].map((i) => ({
          device_id: device,
          timestamp: new Date(Date.now() - i * 1000).toISOString(),
          kwh: 10_000 + i,
        })),
      },
    })
    expect(push.json().accepted).toBe(3)
    expect(t.app.load.lastMinute().readingsPerSecond).toBeGreaterThan(0)
    // Then a minute's worth past the capacity.
    t.app.load.readings(EMBEDDED_CAPACITY.readingsPerSecond * 61)
    const { body } = await status('admin2')
    if (t.db.kind === 'postgres') {
      expect(body.notices).toEqual([])
      return
    }
    expect(body.notices).toEqual([
      expect.objectContaining({ id: 'embedded-capacity', severity: 'warning' }),
    ])
    expect(body.notices[0].detail).toMatch(/readings a second[\s\S]*DATABASE_URL/)
  })

  it('lists what other parts of the server register, most severe first, and drops it when removed', async () => {
    const remove = t.app.notices.register(() => ({
      id: 'broker-trust',
      severity: 'critical',
      title: 'The MQTT broker is not trusted',
      detail: 'Devices connect to a broker whose certificate did not verify.',
    }))
    const quiet = t.app.notices.register(() => null)
    const failing = t.app.notices.register(() => {
      throw new Error('a broken source does not break the list')
    })
    try {
      const ids = (await status('admin')).body.notices.map((n: { id: string }) => n.id)
      expect(ids[0]).toBe('broker-trust')
    } finally {
      remove()
      quiet()
      failing()
    }
    const ids = (await status('admin')).body.notices.map((n: { id: string }) => n.id)
    expect(ids).not.toContain('broker-trust')
  })
})
