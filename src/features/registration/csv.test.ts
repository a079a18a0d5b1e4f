import { describe, expect, it } from 'vitest'
import { parseCsv, readCsvTable, writeCsv } from './csv'

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ])
  })
  it('drops a BOM and blank lines, keeps empty cells', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,\n')).toEqual([
      ['a', 'b'],
      ['1', ''],
    ])
  })
  it('round-trips through writeCsv', () => {
    const rows = [
      ['name', 'note'],
      ['Main, A', 'said "ok"'],
    ]
    expect(parseCsv(writeCsv(rows))).toEqual(rows)
  })
})

describe('readCsvTable', () => {
  it('keys records by lower-cased header and numbers lines from the header', () => {
    const table = readCsvTable('Name, Serial_Number\nMeter 1,EM-1\nMeter 2')
    expect(table.header).toEqual(['name', 'serial_number'])
    expect(table.records).toEqual([
      { line: 2, values: { name: 'Meter 1', serial_number: 'EM-1' } },
      { line: 3, values: { name: 'Meter 2', serial_number: '' } },
    ])
  })
})
