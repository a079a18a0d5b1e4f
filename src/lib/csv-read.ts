/**
 * Reading a CSV file with a header line, through Papa Parse (7 KiB gzip, half of csv-parse's browser
 * build, which carries a Buffer polyfill). Its rows do not say where they start, so each record's
 * line is counted here from the parser's cursor: a blank line or a line break inside quotes moves
 * every later record down, and the messages that name lines must follow.
 */
import Papa from 'papaparse'

export interface CsvRecord {
  /** The line the record starts on; the header is line 1. */
  line: number
  /** The record's cells (trimmed) keyed by column name. */
  values: Record<string, string>
}

export interface CsvTable {
  /** Column names, trimmed and lower-cased. */
  header: string[]
  records: CsvRecord[]
  /** Problems the parser found (an unclosed quote), each naming its line. */
  errors: string[]
}

const LINE_BREAK = /\r\n|\r|\n/g
const lineBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0

/** The first non-blank row names the columns; every later non-blank row becomes a record. */
export function readCsvTable(input: string): CsvTable {
  const text = input.replace(/^\uFEFF/, '')
  const rows: { line: number; cells: string[] }[] = []
  const errors: string[] = []
  let start = 0
  let line = 1
  Papa.parse<string[]>(text, {
    delimiter: ',',
    step: ({ data, errors: problems, meta }) => {
      for (const problem of problems) errors.push(`Line ${line}: ${describe(problem)}`)
      if (data.some((cell) => cell.trim() !== '')) rows.push({ line, cells: data })
      line += lineBreaks(text.slice(start, meta.cursor))
      start = meta.cursor
    },
  })
  const [head, ...body] = rows
  const header = (head?.cells ?? []).map((h) => h.trim().toLowerCase())
  return {
    header,
    records: body.map(({ line, cells }) => ({
      line,
      values: Object.fromEntries(header.map((name, col) => [name, (cells[col] ?? '').trim()])),
    })),
    errors,
  }
}

function describe(problem: Papa.ParseError): string {
  if (problem.code === 'MissingQuotes') return 'a quoted field is not closed.'
  if (problem.code === 'InvalidQuotes') return 'a quote inside a quoted field is not doubled.'
  return `${problem.message}.`
}
