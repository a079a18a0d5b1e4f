/**
 * The one CSV writer, for the browser's downloads and the server's answers alike (it imports
 * nothing, so both sides can use it). RFC 4180: CRLF line ends, a field quoted when it holds a comma,
 * quote or line break.
 */

export type CsvValue = string | number | boolean | null | undefined

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab or CR first) gets a leading apostrophe,
 * as OWASP advises. Numbers are written as JavaScript prints them (`-1.5`, never `1.234,5`): a
 * negative figure stays a number for whoever reads the file.
 */
export function csvField(value: CsvValue): string {
  if (value == null) return ''
  if (typeof value !== 'string') return String(value)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows (the header first) as a CSV text, every line ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('')
}
