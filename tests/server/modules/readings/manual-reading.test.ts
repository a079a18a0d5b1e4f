import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sdk from '~/api/__generated__/sdk.gen.ts'
import type { CreateManualReadingData } from '~/api/__generated__/types.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { insertReadings } from '~/server/modules/readings/readings-repository.ts'
import { build, type TestApp } from '../../helpers/build.ts'
import { checked, signedIn, type Api } from '../../helpers/checked-sdk.ts'

const MINUTE = 60_000
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

let t: TestApp
let admin: Api
/** Readings 500 kWh an hour ago and 510 kWh 45 minutes ago. */
let device: string
let base: number
const iso = (minutesAgo: number) => new Date(base - minutesAgo * MINUTE).toISOString()

beforeAll(async () => {
  t = await build()
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, 'Canteen', 'MR-1'],
  )
  device = rows[0]!.id
  base = Math.floor(Date.now() / MINUTE) * MINUTE
  await t.db.transaction(SYSTEM, (tx) =>
    insertReadings(tx, [
      { deviceId: device, ts: new Date(iso(60)), kwh: 500 },
      { deviceId: device, ts: new Date(iso(45)), kwh: 510 },
    ]),
  )
  admin = await signedIn(t, 'admin')
})
afterAll(async () => t?.close())

/** Every file the storage holds, relative to its root. */
const storedFiles = () => {
  const root = path.join(t.dataDir, 'attachments')
  return fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    : []
}

const post = (api: Api, body: CreateManualReadingData['body'], id = device) =>
  sdk.createManualReading({ client: api.client, path: { id }, body })

const photo = (data: Buffer = PNG, type = 'image/png', name = 'meter.png') =>
  new File([new Uint8Array(data)], name, { type })

describe('createManualReading', () => {
  it('records the reading with its photo and who entered it; the photo is served back', async () => {
    const created = await checked(admin, 'createManualReading', 201, () =>
      post(admin, { kwh: 520.25, timestamp: iso(20), note: 'Monthly walk', photo: photo() }),
    )
    const reading = created.body as Record<string, unknown>
    expect(reading).toMatchObject({
      device_id: device,
      timestamp: iso(20),
      kwh: 520.25,
      status: 'manual',
      source: 'manual',
      reading_type: 'energy_kwh',
      entered_by: t.fx.users.admin,
      entered_by_name: 'admin',
      note: 'Monthly walk',
      attachment_id: expect.any(String),
    })
    const { rows } = await t.db.query<{ delta_kwh: number }>(
      'SELECT delta_kwh FROM readings WHERE id = $1',
      [reading.id],
    )
    expect(rows[0]).toEqual({ delta_kwh: 10.25 })
    // Listed among the meter's readings with who entered it, the note and the photo.
    const page = await checked(admin, 'listDeviceReadings', 200, () =>
      sdk.listDeviceReadings({ client: admin.client, path: { id: device } }),
    )
    const items = (page.body as { items: Array<Record<string, unknown>> }).items
    expect(items.map((r) => r.note)).toEqual([null, null, 'Monthly walk'])
    expect(items.at(-1)).toEqual(reading)

    const list = await checked(admin, 'listDeviceAttachments', 200, () =>
      sdk.listDeviceAttachments({ client: admin.client, path: { id: device } }),
    )
    const [attachment] = (list.body as { items: Array<Record<string, unknown>> }).items
    expect(attachment).toMatchObject({
      id: reading.attachment_id,
      device_id: device,
      reading_id: reading.id,
      filename: 'meter.png',
      content_type: 'image/png',
      size_bytes: PNG.length,
      entered_by: t.fx.users.admin,
      entered_by_name: 'admin',
      url: `/api/v1/attachments/${reading.attachment_id}/content`,
    })
    expect(storedFiles()).toEqual([
      path.join(t.fx.groups.A, device, reading.attachment_id as string),
    ])

    const content = await checked(admin, 'getAttachmentContent', 200, () =>
      sdk.getAttachmentContent({ client: admin.client, path: { id: attachment!.id as string } }),
    )
    expect(content.contentType).toBe('image/png')
    const response = await t.call(await t.as('user'), {
      method: 'GET',
      url: attachment!.url as string,
    })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(PNG)).toBe(true)
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=86400, immutable',
      'content-disposition': `inline; filename="meter.png"; filename*=UTF-8''meter.png`,
    })
  })

  it('refuses a value below the previous reading with a clear message, unless it is a reset', async () => {
    const before = storedFiles()
    const lower = await checked(admin, 'createManualReading', 422, () =>
      post(admin, { kwh: 505, timestamp: iso(30), photo: photo() }),
    )
    const [issue] = (lower.body as { detail: Array<{ loc: string[]; msg: string }> }).detail
    expect(issue!.loc).toEqual(['body', 'kwh'])
    expect(issue!.msg).toBe(
      `505.00 kWh is lower than the previous reading (510.00 kWh at ${iso(45)}). ` +
        'If the meter was reset or replaced, mark the reading as a meter reset.',
    )
    expect(storedFiles()).toEqual(before)

    const reset = await checked(admin, 'createManualReading', 201, () =>
      post(admin, { kwh: 3, timestamp: iso(10), is_reset: true }),
    )
    expect(reset.body).toMatchObject({ kwh: 3, status: 'reset', attachment_id: null })
    const { rows } = await t.db.query<{ delta_kwh: number; is_reset: boolean }>(
      'SELECT delta_kwh, is_reset FROM readings WHERE id = $1',
      [(reset.body as { id: number }).id],
    )
    expect(rows[0]).toEqual({ delta_kwh: 3, is_reset: true })
  })

  it('refuses a value above the next reading, a taken timestamp and a future one', async () => {
    const above = await checked(admin, 'createManualReading', 422, () =>
      post(admin, { kwh: 515, timestamp: iso(50) }),
    )
    expect(JSON.stringify(above.body)).toContain('is higher than the next reading (510.00 kWh')
    await checked(admin, 'createManualReading', 409, () =>
      post(admin, { kwh: 510, timestamp: iso(45) }),
    )
    const future = new Date(base + 60 * MINUTE).toISOString()
    await checked(admin, 'createManualReading', 422, () =>
      post(admin, { kwh: 600, timestamp: future }),
    )
  })

  it('refuses anything but an image, and photos over 10 MB with 413', async () => {
    const before = storedFiles()
    const text = await checked(admin, 'createManualReading', 422, () =>
      post(admin, { kwh: 530, photo: photo(Buffer.from('hello'), 'text/plain', 'notes.txt') }),
    )
    expect(JSON.stringify(text.body)).toContain('Photo must be an image (image/*), not text/plain')
    const disguised = await checked(admin, 'createManualReading', 422, () =>
      post(admin, { kwh: 530, photo: photo(Buffer.from('<svg onload="alert(1)"></svg>')) }),
    )
    expect(JSON.stringify(disguised.body)).toContain('Photo is not a readable image')
    // An HTML page behind an image signature (`BM`, `GIF89a`) is not an image either.
    const page = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'
    for (const [signature, type] of [
      ['BM', 'image/bmp'],
      ['GIF89a', 'image/gif'],
    ]) {
      const polyglot = await checked(admin, 'createManualReading', 422, () =>
        post(admin, { kwh: 530, photo: photo(Buffer.from(signature + page), type, 'x.' + type) }),
      )
      expect(JSON.stringify(polyglot.body)).toContain('Photo is not a readable image')
    }
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)])
    const tooLarge = await checked(admin, 'createManualReading', 413, () =>
      post(admin, { kwh: 530, photo: photo(big) }),
    )
    expect(tooLarge.body).toMatchObject({
      detail: 'Photo exceeds the 10 MB limit',
      code: 'payload_too_large',
    })
    await checked(admin, 'createManualReading', 422, () =>
      post(admin, { kwh: 530, photo: 'not a file' as unknown as Blob }),
    )
    expect(storedFiles()).toEqual(before)
  })

  it('validates the form against the contract', async () => {
    const missing = await checked(admin, 'createManualReading', 422, () =>
      post(admin, { timestamp: iso(5) } as unknown as { kwh: number }),
    )
    expect(missing.body).toMatchObject({ detail: [{ loc: ['body', 'kwh'], type: 'missing' }] })
    await checked(admin, 'createManualReading', 422, () => post(admin, { kwh: -1 }))
    // Beyond any register: 1e308 would make the month's sum Infinity - Infinity (found by the fuzzer).
    const huge = await checked(admin, 'createManualReading', 422, () => post(admin, { kwh: 1e308 }))
    expect(huge.body).toMatchObject({ detail: [{ loc: ['body', 'kwh'], type: 'less_than_equal' }] })
    await checked(admin, 'createManualReading', 422, () =>
      post(admin, { kwh: 530, note: 'x'.repeat(501) }),
    )
    const extra = await checked(admin, 'createManualReading', 422, () =>
      post(admin, { kwh: 530, meter: 'A' } as { kwh: number }),
    )
    expect(extra.body).toMatchObject({
      detail: [{ loc: ['body', 'meter'], type: 'extra_forbidden' }],
    })
    const json = await t.call(await t.as('admin'), {
      method: 'POST',
      url: `/api/v1/devices/${device}/manual-reading`,
      payload: { kwh: 530 },
    })
    expect(json.statusCode).toBe(415)
  })

  it("lets any role add readings to its own tenant's devices, and nobody to another's", async () => {
    const user = await signedIn(t, 'user')
    const created = await checked(user, 'createManualReading', 201, () =>
      post(user, { kwh: 4, timestamp: iso(5) }),
    )
    expect(created.body).toMatchObject({ entered_by: t.fx.users.user, entered_by_name: 'user' })
    const before = storedFiles()
    await checked(admin, 'createManualReading', 404, () =>
      post(admin, { kwh: 1, photo: photo() }, t.fx.devicesOf.B[0]!),
    )
    expect(storedFiles()).toEqual(before)
  })
})

describe('attachments across tenants', () => {
  it('serves an attachment only to users of its tenant (404 otherwise)', async () => {
    const list = await checked(admin, 'listDeviceAttachments', 200, () =>
      sdk.listDeviceAttachments({ client: admin.client, path: { id: device } }),
    )
    const [attachment] = (list.body as { items: Array<{ id: string }> }).items
    const id = attachment!.id
    const other = await signedIn(t, 'admin2')
    await checked(other, 'getAttachmentContent', 404, () =>
      sdk.getAttachmentContent({ client: other.client, path: { id } }),
    )
    await checked(other, 'listDeviceAttachments', 404, () =>
      sdk.listDeviceAttachments({ client: other.client, path: { id: device } }),
    )
    const scopedToB = await signedIn(t, 'developer', t.fx.groups.B)
    await checked(scopedToB, 'getAttachmentContent', 404, () =>
      sdk.getAttachmentContent({ client: scopedToB.client, path: { id } }),
    )
    const allGroups = await signedIn(t, 'superuser')
    await checked(allGroups, 'getAttachmentContent', 200, () =>
      sdk.getAttachmentContent({ client: allGroups.client, path: { id } }),
    )
    await checked(admin, 'getAttachmentContent', 404, () =>
      sdk.getAttachmentContent({
        client: admin.client,
        path: { id: '00000000-0000-4000-8000-000000000000' },
      }),
    )
  })
})
