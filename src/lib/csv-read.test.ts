import { describe, expect, it } from 'vitest'
import { readCsvTable } from './csv-read'

describe('readCsvTable', () => {
  it('keys records by the trimmed, lower-cased header and trims cells', () => {
    const table = readCsvTable('Name, Serial_Number\nMeter 1 ,EM-1\nMeter 2')
    expect(table.header).toEqual(['name', 'serial_number'])
    expect(table.records).toEqual([
      { line: 2, values: { name: 'Meter 1', serial_number: 'EM-1' } },
      { line: 3, values: { name: 'Meter 2', serial_number: '' } },
    ])
    expect(table.errors).toEqual([])
  })

  it('reads quoted commas, doubled quotes and a BOM', () => {
    const table = readCsvTable('\uFEFFname,note\r\n"Main, A","said ""ok"""\r\n')
    expect(table.header).toEqual(['name', 'note'])
    expect(table.records).toEqual([{ line: 2, values: { name: 'Main, A', note: 'said "ok"' } }])
  })

  it('numbers each record by the line it starts on, past blank lines and quoted line breaks', () => {
    const text = [
      'name,serial_number', // 1
      '', // 2
      'A,EM-1', // 3
      '"two', // 4
      'lines",EM-2', // 5
      '   ', // 6: blank but for spaces
      '"three', // 7
      '', // 8: a blank line inside quotes is part of the cell
      'lines",EM-3', // 9
      '', // 10
      'D,EM-4', // 11
    ].join('\r\n')
    expect(readCsvTable(text).records.map((r) => [r.line, r.values.serial_number])).toEqual([
      [3, 'EM-1'],
      [4, 'EM-2'],
      [7, 'EM-3'],
      [11, 'EM-4'],
    ])
  })

  it('counts lines the same with LF, CR and CRLF, and an Excel file with LF inside cells', () => {
    const rows = ['a,b', '', '1,x', '"2\nnext",y', '3,z']
    for (const end of ['\n', '\r', '\r\n'])
      expect(readCsvTable(rows.join(end)).records.map((r) => r.line)).toEqual([3, 4, 6])
  })

  it('skips blank lines before the header', () => {
    const table = readCsvTable('\n\nname\nA\n')
    expect(table.header).toEqual(['name'])
    expect(table.records).toEqual([{ line: 4, values: { name: 'A' } }])
  })

  it('names the line of an unclosed quote', () => {
    const table = readCsvTable('name,serial_number\nA,EM-1\n\n"B,EM-2\nC,EM-3\n')
    expect(table.errors).toEqual(['Line 4: a quoted field is not closed.'])
    expect(table.records[0]).toEqual({ line: 2, values: { name: 'A', serial_number: 'EM-1' } })
  })

  it('gives an empty table for empty text', () => {
    expect(readCsvTable('')).toEqual({ header: [], records: [], errors: [] })
  })
})
