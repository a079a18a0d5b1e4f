import { describe, expect, it } from 'vitest'
import { sharedValues, sql } from './sql.ts'

describe('sharedValues', () => {
  it('sends an array parameter once however often fragments embed it, numbering the rest in order', () => {
    const groups = Buffer.from([1, 2, 3])
    const part = (kind: string) => sql`${kind} = ANY(${groups}::uuid[])`
    const statement = sql`SELECT ${part('a')} UNION ALL ${part('b')} WHERE x = ${7} AND y = ${7}`
    expect(sharedValues(statement)).toEqual({
      text: 'SELECT $1 = ANY($2::uuid[]) UNION ALL $3 = ANY($2::uuid[]) WHERE x = $4 AND y = $5',
      values: ['a', groups, 'b', 7, 7],
    })
  })
})
