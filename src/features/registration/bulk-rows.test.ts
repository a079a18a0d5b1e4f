import { describe, expect, it } from 'vitest'
import { bulkTemplate, checkPush, chunk, pushSummary, readInput } from './bulk-rows'

const id = '9e0a7b1c-0000-4000-8000-000000000017'
const serials = new Map([['EM-2024-00017', id]])

describe('readInput', () => {
  it('reads CSV with a header', () => {
    expect(readInput(bulkTemplate).raws).toEqual([
      {
        serial_number: 'EM-2024-00017',
        timestamp: '2026-11-22T08:00:00+01:00',
        kwh: '22431.3',
        status: 'online',
      },
    ])
  })
  it('reads a JSON array or { items }', () => {
    expect(
      readInput(`[{"device_id":"${id}","timestamp":"2026-11-22T08:00:00Z","kwh":1}]`).raws,
    ).toHaveLength(1)
    expect(readInput(`{"items":[{"kwh":1},{"kwh":2}]}`).raws).toHaveLength(2)
  })
  it('says what is wrong with bad JSON or nothing at all', () => {
    expect(readInput('[{').error).toMatch(/^Not valid JSON/)
    expect(readInput('{"x":1}').error).toBe(
      'JSON must be an array of readings or { "items": [...] }.',
    )
    expect(readInput('  ').error).toBe('Paste or upload readings first.')
    expect(readInput('serial_number,kwh\n"EM-1,2\n').error).toBe(
      'Line 2: a quoted field is not closed.',
    )
  })
})

describe('checkPush', () => {
  it('resolves serial numbers and builds items', () => {
    const [row] = checkPush(readInput(bulkTemplate).raws, serials)
    expect(row).toEqual({
      index: 1,
      device: 'EM-2024-00017',
      timestamp: '2026-11-22T08:00:00+01:00',
      kwh: '22431.3',
      exportKwh: '',
      errors: [],
      item: {
        device_id: id,
        timestamp: '2026-11-22T08:00:00+01:00',
        kwh: 22431.3,
        status: 'online',
      },
    })
  })
  it('checks device, timestamp zone, kwh, status and repeats', () => {
    const rows = checkPush(
      [
        { serial_number: 'NOPE', timestamp: '2026-11-22T08:00:00Z', kwh: '1' },
        { device_id: id, timestamp: '2026-11-22 08:00', kwh: '-1', status: 'asleep' },
        { device_id: id, timestamp: '2026-11-22T08:00:00Z', kwh: 'x' },
        { device_id: id, timestamp: '2026-11-22T08:00:00Z', kwh: '2' },
        { device_id: id, timestamp: '2026-11-22T09:00:00+01:00', kwh: '2' },
      ],
      serials,
    )
    expect(rows[0]!.errors).toEqual(['No device with serial number NOPE.'])
    expect(rows[1]!.errors).toEqual([
      'timestamp must be ISO 8601 with a time zone, e.g. 2026-11-22T08:00:00+01:00.',
      'kwh cannot be negative.',
      'status must be online or offline.',
    ])
    expect(rows[2]!.errors).toEqual(['kwh must be a number.'])
    // A row with problems still shows what was typed.
    expect(rows[1]).toMatchObject({ device: id, timestamp: '2026-11-22 08:00', kwh: '-1' })
    expect(rows[0]).toMatchObject({ device: 'NOPE', item: null })
    // 09:00+01:00 is the same instant as 08:00Z.
    expect(rows[3]!.errors).toEqual([])
    expect(rows[4]!.errors).toEqual(['Repeats an earlier reading for this device and time.'])
  })
})

describe('checkPush with an export register', () => {
  it('sends export_kwh beside kwh when the column has a value, nothing when it is empty', () => {
    const rows = checkPush(
      readInput(`serial_number,timestamp,kwh,export_kwh
EM-2024-00017,2026-11-22T08:00:00Z,22431.3,1520.4
EM-2024-00017,2026-11-22T08:15:00Z,22431.9,
`).raws,
      serials,
    )
    expect(rows.map((r) => [r.exportKwh, r.item])).toEqual([
      [
        '1520.4',
        { device_id: id, timestamp: '2026-11-22T08:00:00Z', kwh: 22431.3, export_kwh: 1520.4 },
      ],
      ['', { device_id: id, timestamp: '2026-11-22T08:15:00Z', kwh: 22431.9 }],
    ])
  })
  it('checks it as kwh is checked, and only beside energy readings', () => {
    const at = '2026-11-22T08:00:00Z'
    const rows = checkPush(
      [
        { device_id: id, timestamp: at, kwh: '1', export_kwh: 'many' },
        { device_id: id, timestamp: at, kwh: '1', export_kwh: '-2' },
        { device_id: id, timestamp: at, kwh: '230', export_kwh: '1', reading_type: 'voltage_v' },
        { device_id: id, timestamp: at, kwh: '1', reading_type: 'export_kwh' },
        { device_id: id, timestamp: at, kwh: 1, export_kwh: 0, reading_type: 'energy_kwh' },
      ],
      serials,
    )
    expect(rows.map((r) => r.errors)).toEqual([
      ['export_kwh must be a number.'],
      ['export_kwh cannot be negative.'],
      ['export_kwh is only taken beside energy_kwh readings.'],
      ['reading_type export_kwh is the export register: give it in the export_kwh column.'],
      [],
    ])
    expect(rows[4]!.item).toMatchObject({ export_kwh: 0 })
  })
})

describe('pushSummary', () => {
  it('says what is ready, then what was sent', () => {
    expect(pushSummary(504, 0, false)).toBe('504 ready.')
    expect(pushSummary(2, 2, false)).toBe('2 ready, 2 with problems (they will not be sent).')
    expect(pushSummary(504, 0, true)).toBe('504 sent.')
    expect(pushSummary(2, 2, true)).toBe('2 sent, 2 with problems not sent.')
  })
})

describe('chunk', () => {
  it('splits into requests of at most n items', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(chunk([], 2)).toEqual([])
  })
})
