import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type Session, type TestApp } from '../../helpers/build.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

const batch = (session: Session, items: unknown[], headers: Record<string, string> = {}) =>
  t.call(session, {
    method: 'POST',
    url: '/api/v1/devices/batch',
    payload: { items },
    headers: { 'content-type': 'application/json', ...headers },
  })

const serialsIn = async (groupId: string) =>
  (
    await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM devices WHERE group_id = $1 ORDER BY serial_number',
      [groupId],
    )
  ).rows.map((r) => r.serial_number)

const modelWithHandler = async () =>
  (
    await t.db.query<{ id: string; handler: string }>(
      "SELECT id, handlers->0->>'name' AS handler FROM device_models WHERE group_id IS NULL AND jsonb_array_length(handlers) > 0 LIMIT 1",
    )
  ).rows[0]!

describe('POST /devices/batch', () => {
  it('registers every item in the admin’s group, in request order', async () => {
    const model = await modelWithHandler()
    const response = await batch(await t.as('admin'), [
      { name: 'Roof PV', serial_number: 'B-100', location: 'Roof' },
      {
        name: '  Cellar  ',
        serial_number: 'B-101',
        device_model_id: model.id,
        handler: model.handler,
      },
      // A serial taken in another tenant is free here: serial numbers are unique per group.
      { name: 'Pump', serial_number: 'HU-EM-2001' },
    ])
    expect(response.statusCode, response.body).toBe(201)
    const items = response.json().items as Array<Record<string, unknown>>
    expect(items.map((d) => [d.name, d.serial_number, d.group_id])).toEqual([
      ['Roof PV', 'B-100', t.fx.groups.A],
      ['Cellar', 'B-101', t.fx.groups.A],
      ['Pump', 'HU-EM-2001', t.fx.groups.A],
    ])
    expect(items[1]).toMatchObject({ device_model_id: model.id, handler: model.handler })
    expect(await serialsIn(t.fx.groups.A)).toEqual(
      expect.arrayContaining(['B-100', 'B-101', 'HU-EM-2001']),
    )
    const counted = await t.call(await t.as('admin'), { method: 'GET', url: '/api/v1/devices/' })
    expect(counted.json().total).toBe(6)
  })

  it('stores nothing when one item is bad, and names every failing item and field', async () => {
    const before = await serialsIn(t.fx.groups.A)
    const model = await modelWithHandler()
    const response = await batch(await t.as('admin'), [
      { name: 'Fine', serial_number: 'C-1' },
      { name: 'Taken', serial_number: 'NW-EM-1001' },
      { name: 'Fine too', serial_number: 'C-2' },
      { name: 'Repeat', serial_number: 'C-1' },
      { name: 'Bad handler', serial_number: 'C-3', device_model_id: model.id, handler: 'pigeon' },
      { name: 'No model', serial_number: 'C-4', handler: 'modbus_tcp' },
      {
        name: 'Unknown model',
        serial_number: 'C-5',
        device_model_id: '00000000-0000-4000-8000-000000000000',
      },
    ])
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json().code).toBe('validation_error')
    const issues = response.json().detail as Array<{ loc: unknown[]; msg: string; type: string }>
    expect(issues.map((i) => i.loc)).toEqual([
      ['body', 'items', 1, 'serial_number'],
      ['body', 'items', 3, 'serial_number'],
      ['body', 'items', 4, 'handler'],
      ['body', 'items', 5, 'handler'],
      ['body', 'items', 6, 'device_model_id'],
    ])
    expect(issues[0]!.msg).toBe('A device with serial number NW-EM-1001 already exists')
    expect(issues[1]!.msg).toBe('Serial number repeats item 0')
    expect(await serialsIn(t.fx.groups.A)).toEqual(before)
  })

  it('rejects a body that breaks the schema as a whole, locating each item', async () => {
    const before = await serialsIn(t.fx.groups.A)
    const response = await batch(await t.as('admin'), [
      { name: 'Fine', serial_number: 'D-1' },
      { serial_number: 'has spaces' },
    ])
    expect(response.statusCode).toBe(422)
    const locs = (response.json().detail as Array<{ loc: unknown[] }>).map((i) => i.loc)
    expect(locs).toEqual(
      expect.arrayContaining([
        ['body', 'items', 1, 'name'],
        ['body', 'items', 1, 'serial_number'],
      ]),
    )
    expect((await batch(await t.as('admin'), [])).statusCode).toBe(422)
    expect(await serialsIn(t.fx.groups.A)).toEqual(before)
  })

  it('keeps admins in their group and users out', async () => {
    const before = await serialsIn(t.fx.groups.B)
    const elsewhere = await batch(await t.as('admin'), [
      { name: 'Mine', serial_number: 'E-1' },
      { name: 'Theirs', serial_number: 'E-2', group_id: t.fx.groups.B },
    ])
    expect(elsewhere.statusCode).toBe(403)
    expect(await serialsIn(t.fx.groups.B)).toEqual(before)
    expect(await serialsIn(t.fx.groups.A)).not.toContain('E-1')
    const user = await batch(await t.as('user'), [{ name: 'Nope', serial_number: 'E-3' }])
    expect(user.statusCode).toBe(403)
  })

  it('lets elevated users place items by group_id or the group header, and needs one', async () => {
    const su = await t.as('superuser')
    const unplaced = await batch(su, [{ name: 'Where?', serial_number: 'F-1' }])
    expect(unplaced.statusCode).toBe(422)
    expect(unplaced.json().detail[0]).toMatchObject({
      loc: ['body', 'items', 0, 'group_id'],
      type: 'missing',
    })
    const unknown = await batch(su, [
      { name: 'Nowhere', serial_number: 'F-2', group_id: '00000000-0000-4000-8000-000000000000' },
    ])
    expect(unknown.json().detail[0]).toMatchObject({ loc: ['body', 'items', 0, 'group_id'] })

    const placed = await batch(
      su,
      [
        { name: 'By header', serial_number: 'F-3' },
        { name: 'By body', serial_number: 'F-4', group_id: t.fx.groups.A.toUpperCase() },
      ],
      { 'x-group-id': t.fx.groups.B },
    )
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json().items.map((d: { group_id: string }) => d.group_id)).toEqual([
      t.fx.groups.B,
      t.fx.groups.A,
    ])
    // The same serial in two groups of one batch is fine; twice in one group is not.
    const twice = await batch(su, [
      { name: 'One', serial_number: 'F-5', group_id: t.fx.groups.A },
      { name: 'Two', serial_number: 'F-5', group_id: t.fx.groups.B },
      { name: 'Three', serial_number: 'F-5', group_id: t.fx.groups.B },
    ])
    expect(twice.statusCode).toBe(422)
    expect(twice.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'items', 2, 'serial_number'], type: 'duplicate' }),
    ])
    expect(await serialsIn(t.fx.groups.A)).not.toContain('F-5')
  })
})
