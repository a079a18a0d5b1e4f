import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM, type Queryable } from '~/server/db/database.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type TestApp } from '../../helpers/build.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

/** The statements one ingest sends, as text, and their parameters' count. */
async function statementsOf(rows: NewReading[]) {
  const sent: Array<{ text: string; params: number }> = []
  await t.db.transaction(SYSTEM, (tx) => {
    const recording: Queryable = {
      query: (text, params) => {
        sent.push({ text, params: params?.length ?? 0 })
        return tx.query(text, params)
      },
    }
    return insertReadings(recording, rows)
  })
  return sent
}

describe('insertReadings statements (issue 34)', () => {
  it('sends the same SQL text for batches of one shape, whatever their values: statements are reused', async () => {
    const [a, b] = await t.db.transaction(SYSTEM, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO devices (group_id, name, serial_number)
         SELECT $1, 'Shape ' || i, 'SHAPE-' || i FROM generate_series(1, 2) AS i RETURNING id`,
        [t.fx.groups.A],
      )
      return rows.map((r) => r.id) as [string, string]
    })
    const start = Date.parse('2020-01-01T00:00:00Z')
    const batch = (device: string, k: number, kwh: number): NewReading[] =>
      [0, 1, 2].map((i) => ({
        deviceId: device,
        ts: new Date(start + (k * 3 + i) * 900_000),
        kwh: kwh + i,
      }))
    // A first batch per device: its context is loaded; later appends read none.
    await statementsOf(batch(a, 0, 100))
    await statementsOf(batch(b, 0, 5_000))
    const first = await statementsOf(batch(a, 1, 103))
    const second = await statementsOf(batch(b, 1, 5_003))
    expect(first.length).toBeGreaterThan(1)
    expect(second).toEqual(first)
    // Every placeholder is numbered once, in order, one per value.
    for (const { text, params } of first) {
      const numbers = [...new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))]
      expect(numbers).toEqual(Array.from({ length: params }, (_, i) => i + 1))
    }
  })
})
