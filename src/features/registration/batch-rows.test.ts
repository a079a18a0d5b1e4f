import { describe, expect, it } from 'vitest'
import { batchSummary, batchTemplate, checkBatch, readyRows, rowErrorsOf } from './batch-rows'

describe('checkBatch', () => {
  it('accepts the template as it is', () => {
    const check = checkBatch(batchTemplate, new Set())
    expect(check.fileErrors).toEqual([])
    expect(check.rows.map((r) => r.errors)).toEqual([[], []])
    expect(check.rows[0]!.body).toMatchObject({
      name: 'Main meter – Building A',
      serial_number: 'EM-2024-00017',
      device_model_id: null,
    })
  })
  it('finds duplicates inside the file and against registered devices, case-insensitively', () => {
    const csv = 'name,serial_number\nA,EM-1\nB,em-1\nC,EM-9\n'
    const check = checkBatch(csv, new Set(['EM-9']))
    expect(check.rows[0]!.errors).toEqual([])
    expect(check.rows[1]!.errors).toEqual(['Serial number repeats line 2.'])
    expect(check.rows[2]!.errors).toEqual([
      'A device with this serial number is already registered.',
    ])
  })
  it('names the lines of the file, past blank lines and line breaks inside quotes', () => {
    const csv = 'name,serial_number,location\n\nA,EM-1,"Hall 1\nnorth door"\n\nB,EM-1,\n'
    const check = checkBatch(csv, new Set())
    expect(check.rows.map((r) => r.line)).toEqual([3, 6])
    expect(check.rows[1]!.errors).toEqual(['Serial number repeats line 3.'])
  })
  it('refuses a file with an unclosed quote, naming its line', () => {
    const check = checkBatch('name,serial_number\nA,EM-1\n"B,EM-2\n', new Set())
    expect(check.fileErrors).toEqual(['Line 3: a quoted field is not closed.'])
    expect(readyRows(check)).toEqual([])
  })
  it('reports field rules per row', () => {
    const check = checkBatch('name,serial_number\n,bad serial\n', new Set())
    expect(check.rows[0]!.errors).toEqual([
      'Enter a name.',
      'Use only letters, digits, dots, dashes and underscores.',
    ])
  })
  it('reports file problems: missing and unknown columns, no rows', () => {
    expect(checkBatch('name,colour\n', new Set()).fileErrors).toEqual([
      "The file has no 'serial_number' column.",
      'Unknown columns: colour.',
      'The file has no device rows.',
    ])
  })
})

describe('rowErrorsOf', () => {
  it('groups the server’s issues by item, ignoring anything not about one', () => {
    const detail = [
      { loc: ['body', 'items', 2, 'serial_number'], msg: 'Serial number repeats item 0' },
      { loc: ['body', 'items', 0, 'handler'], msg: 'A handler needs a device_model_id' },
      { loc: ['body', 'items', 2, 'handler'], msg: 'Handler must be one of: manual' },
      { loc: ['body', 'items'], msg: 'List should have at most 1000 items' },
      { loc: ['query', 'items', 1], msg: 'elsewhere' },
    ]
    expect([...rowErrorsOf(detail)]).toEqual([
      [2, ['Serial number repeats item 0', 'Handler must be one of: manual']],
      [0, ['A handler needs a device_model_id']],
    ])
    expect(rowErrorsOf('Not a list').size).toBe(0)
  })
})

describe('readyRows and batchSummary', () => {
  it('count and send the valid rows, not every row', () => {
    const csv = 'name,serial_number\nA,EM-1\nB,em-1\nC,EM-9\n,bad serial\nE,EM-5\nF,EM-6\n'
    const check = checkBatch(csv, new Set(['EM-9']))
    expect(readyRows(check).map((r) => r.line)).toEqual([2, 6, 7])
    expect(batchSummary(check)).toBe('3 ready, 3 rows with problems (they will not be registered).')
  })
  it('say when every row is ready', () => {
    expect(batchSummary(checkBatch('name,serial_number\nA,EM-1\n', new Set()))).toBe(
      'All 1 row is ready.',
    )
  })
  it('send nothing while the file itself has a problem', () => {
    const check = checkBatch('name,serial,serial_number\nA,x,EM-1\n', new Set())
    expect(readyRows(check)).toEqual([])
    expect(batchSummary(check)).toBe(
      '1 problem with the file to fix before anything is registered.',
    )
  })
})
