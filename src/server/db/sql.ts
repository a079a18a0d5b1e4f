/**
 * SQL composed from fragments numbers its own placeholders: write values into the template
 * (`sql\`d.id = ${id}\``), nest fragments (`sql\`WHERE ${filter}\``), `join` lists and `raw`
 * trusted identifiers, then run `query(statement.text, statement.values)`. Never count `$n` by hand.
 */
import type { Sql } from 'sql-template-tag'

export { default as sql, join, raw, empty, Sql } from 'sql-template-tag'

/**
 * A statement's text and values with each array parameter sent once: a fragment embedding the
 * same binary array twice (the groups in every segment kind) reuses its placeholder, as the
 * hand-numbered statements did, instead of sending a fleet's device ids five times. Placeholders
 * are still numbered here, from the statement's own values.
 */
export function sharedValues(statement: Sql): { text: string; values: unknown[] } {
  const values: unknown[] = []
  const seen = new Map<object, number>()
  let text = statement.strings[0]!
  statement.values.forEach((value, i) => {
    const shared = typeof value === 'object' && value !== null
    let n = shared ? seen.get(value) : undefined
    if (n === undefined) {
      n = values.push(value)
      if (shared) seen.set(value, n)
    }
    text += `$${n}${statement.strings[i + 1]!}`
  })
  return { text, values }
}
