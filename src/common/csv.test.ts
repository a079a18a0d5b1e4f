import { describe, expect, it } from 'vitest'
import { csvField, toCsv } from './csv'
import { readCsvTable } from '../lib/csv-read'

describe('csvField', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+4930123', "'+4930123"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tindented', "'\tindented"],
  ])('neutralises text a spreadsheet would run as a formula: %j', (value, written) => {
    expect(csvField(value)).toBe(written)
  })

  it('quotes a neutralised cell that also needs quoting', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(csvField('\rnext')).toBe(`"'\rnext"`)
  })

  it('keeps numbers machine-readable, negative ones too', () => {
    expect(csvField(-1.5)).toBe('-1.5')
    expect(csvField(1234.5)).toBe('1234.5')
    expect(csvField(0)).toBe('0')
  })

  it('leaves harmless text alone and writes no value as an empty field', () => {
    expect(csvField('Main meter – A')).toBe('Main meter – A')
    expect(csvField('a=b')).toBe('a=b')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField(false)).toBe('false')
  })

  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('Berlin, Floor 2')).toBe('"Berlin, Floor 2"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
  })
})

describe('toCsv', () => {
  it('ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        [1, null],
      ]),
    ).toBe('a,b\r\n1,\r\n')
  })

  it('reads back through the CSV reader', () => {
    const text = toCsv([
      ['name', 'note'],
      ['Main, A', 'said "ok"\nthen left'],
    ])
    expect(readCsvTable(text).records).toEqual([
      { line: 2, values: { name: 'Main, A', note: 'said "ok"\nthen left' } },
    ])
  })
})
