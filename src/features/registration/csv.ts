/** A small RFC 4180 CSV reader and writer: quoted fields, doubled quotes, CRLF or LF, a BOM. */

/** Rows of cells; blank lines are dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const src = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"' && cell === '') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += ch
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell)
    rows.push(row)
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''))
}

export interface CsvTable {
  header: string[]
  /** Each data row keyed by header name, with its line number in the file (header is line 1). */
  records: { line: number; values: Record<string, string> }[]
}

/** The first row names the columns (trimmed, lower-cased); later rows become records. */
export function readCsvTable(text: string): CsvTable {
  const [head = [], ...body] = parseCsv(text)
  const header = head.map((h) => h.trim().toLowerCase())
  return {
    header,
    records: body.map((cells, i) => ({
      line: i + 2,
      values: Object.fromEntries(header.map((name, col) => [name, (cells[col] ?? '').trim()])),
    })),
  }
}

const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
}

/** Offer text as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
