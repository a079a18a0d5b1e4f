import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/server/helpers/database.ts'
import { binaryArray, type ElementType, type ElementValue } from './pg-binary-array.ts'

let database: TestDatabase
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-binary-array-'))
beforeAll(async () => {
  database = await createTestDatabase(path.join(dataDir, 'pglite'))
})
afterAll(async () => {
  await database?.dispose()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** The array as the database read it, each element back as text. */
async function roundTrip(type: ElementType, values: readonly ElementValue[]) {
  const element =
    type === 'timestamptz'
      ? `to_char(v AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : 'v::text'
  const { rows } = await database.db.query<{ v: string | null }>(
    `SELECT ${element} AS v FROM unnest($1::${type}[]) WITH ORDINALITY AS u(v, i) ORDER BY i`,
    [binaryArray(type, values)],
  )
  return rows.map((r) => r.v)
}

describe('binaryArray, read by the database', () => {
  it('carries uuids, in either case, and nulls', async () => {
    const id = randomUUID()
    expect(await roundTrip('uuid', [id, null, id.toUpperCase()])).toEqual([id, null, id])
  })

  it('carries doubles exactly, and integers of both sizes with their signs', async () => {
    expect(await roundTrip('float8', [0.1, -2.5e-300, 1e300, 48215.9])).toEqual([
      '0.1',
      '-2.5e-300',
      '1e+300',
      '48215.9',
    ])
    expect(await roundTrip('int4', [0, -1, 2 ** 31 - 1])).toEqual(['0', '-1', '2147483647'])
    expect(await roundTrip('int8', [-(2 ** 40) - 7, 2 ** 53 - 1])).toEqual([
      String(-(2 ** 40) - 7),
      '9007199254740991',
    ])
  })

  it('carries instants to the millisecond, before 2000 and after', async () => {
    const instants = [
      '1999-12-31T23:59:59.999Z',
      '2000-01-01T00:00:00.000Z',
      '2026-03-29T01:15:00.123Z',
      // The API's first and last instants: their microseconds since 2000 pass 2^53.
      '0001-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ]
    expect(await roundTrip('timestamptz', instants.map(Date.parse))).toEqual(instants)
  })

  it('carries text in UTF-8, booleans, and an empty array', async () => {
    expect(await roundTrip('text', ['plain', 'Zählerstand ⚡', '', '{"a, b"}', null])).toEqual([
      'plain',
      'Zählerstand ⚡',
      '',
      '{"a, b"}',
      null,
    ])
    expect(await roundTrip('bool', [true, false])).toEqual(['true', 'false'])
    expect(await roundTrip('uuid', [])).toEqual([])
  })
})

describe('binaryArray refuses what it cannot encode', () => {
  it.each([
    'urn:uuid:5d2b8f3a-1c4e-4a7b-8f9d-3e6c1b2a4d57',
    '5d2b8f3a1c4e4a7b8f9d3e6c1b2a4d57',
    '5d2b8f3a-1c4e-4a7b-8f9d-3e6c1b2a4dZ7',
    '5d2b8f3a-1c4e-4a7b-8f9d_3e6c1b2a4d57',
  ])('a uuid not in canonical form: %s', (text) => {
    expect(() => binaryArray('uuid', [text])).toThrow(/Not a canonical uuid/)
  })

  it('an integer beyond 2^53 or a fraction as int8', () => {
    expect(() => binaryArray('int8', [2 ** 53])).toThrow(RangeError)
    expect(() => binaryArray('int8', [1.5])).toThrow(RangeError)
  })
})
