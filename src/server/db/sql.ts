/**
 * SQL composed from fragments numbers its own placeholders: write values into the template
 * (`sql\`d.id = ${id}\``), nest fragments (`sql\`WHERE ${filter}\``), `join` lists and `raw`
 * trusted identifiers, then run `query(statement.text, statement.values)`. Never count `$n` by hand.
 */
export { default as sql, join, raw, empty, Sql } from 'sql-template-tag'
