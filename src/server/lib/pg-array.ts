/**
 * A PostgreSQL array literal for a `$n::type[]` parameter. node-postgres escapes every element of
 * an array parameter with two regular expressions; ingest sends ~60,000 elements a batch, nearly
 * all uuids, timestamps and numbers that need no quoting. Strings are quoted only when they must
 * be (empty, NULL, or holding a delimiter, quote, backslash, brace or space).
 */
export function pgArray(values: ReadonlyArray<string | number | boolean | null>): string {
  let out = '{'
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ','
    const v = values[i]
    if (v === null) out += 'NULL'
    else if (typeof v !== 'string') out += String(v)
    else if (v !== '' && !/[{}",\\\s]/.test(v) && !isNullWord(v)) out += v
    else out += `"${v.replace(/["\\]/g, '\\$&')}"`
  }
  return `${out}}`
}

const isNullWord = (v: string) => v.length === 4 && v.toUpperCase() === 'NULL'
