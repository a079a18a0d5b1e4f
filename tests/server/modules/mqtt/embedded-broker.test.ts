import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { authenticateDevice } from '~/server/modules/devices/device-credentials.ts'
import {
  commitToDatabase,
  mqttOff,
  startMqtt,
  type MqttService,
  type MqttState,
} from '~/server/modules/mqtt/mqtt-service.ts'
import { readingsTopic } from '~/server/modules/mqtt/topics.ts'
import { build, type TestApp } from '../../helpers/build.ts'

let t: TestApp
let mqttService: MqttService
let state: MqttState
/** Batches the broker handed to the database, and whether each had committed when acknowledged. */
let commits = 0
/** While set, commits wait for it; commitStarted is called as each one begins. */
let commitHeld: Promise<void> | undefined
let commitStarted: (() => void) | undefined
let meter: string
let other: string
const tokens = new Map<string, string>()
const clients: MqttClient[] = []

/** A device token, created through the API as an admin would. */
async function tokenOf(deviceId: string): Promise<string> {
  const answer = await t.call(await t.as('admin'), {
    method: 'POST',
    url: `/api/v1/devices/${deviceId}/credentials`,
  })
  expect(answer.statusCode, answer.body).toBe(201)
  return (answer.json() as { token: string }).token
}

/** A device connection (MQTT 3.1.1, as Aedes speaks), never reconnecting by itself. */
function connect(username: string, password: string): Promise<MqttClient> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${state.port}`, {
    protocolVersion: 4,
    username,
    password,
    reconnectPeriod: 0,
    clientId: `test-${crypto.randomUUID().slice(0, 8)}`,
  })
  clients.push(client)
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client))
    client.once('error', reject)
  })
}

/** Resolves when the connection closes (the broker dropped it). */
const closed = (client: MqttClient) =>
  new Promise<void>((resolve) => {
    if (client.disconnected) resolve()
    else client.once('close', () => resolve())
  })

async function storedOf(deviceId: string, from: Date): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM readings WHERE device_id = $1 AND ts >= $2 AND source = 'mqtt'`,
    [deviceId, from],
  )
  return rows[0]!.n
}

const MINUTE = 60_000
/** Readings of this run: minutes before now, so none is in the future. */
const since = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 20_000 * MINUTE)
const reading = (minute: number, kwh: number) => ({
  timestamp: new Date(since.getTime() + minute * MINUTE).toISOString(),
  kwh,
})

beforeAll(async () => {
  t = await build()
  ;[meter, other] = [t.fx.devicesOf.A[1]!, t.fx.devicesOf.A[2]!]
  for (const id of [meter, other]) tokens.set(id, await tokenOf(id))
  state = mqttOff('starting')
  const database = commitToDatabase(t.db)
  mqttService = await startMqtt({
    config: { ...t.config.mqtt, enabled: true, host: '127.0.0.1', port: 0 },
    db: t.db,
    log: t.app.log as never,
    authenticate: (deviceId, token) => authenticateDevice(t.db, deviceId, token),
    state,
    // A test may hold the commit: an acknowledgement sent before it would come while held.
    commit: async (items) => {
      commits++
      commitStarted?.()
      await commitHeld
      return database(items)
    },
  })
})
afterEach(() => {
  for (const client of clients.splice(0)) client.end(true)
})
afterAll(async () => {
  await mqttService?.stop()
  await t?.close()
})

describe('the embedded MQTT broker', () => {
  it('listens on the port asked for (0: a free one), never 1883 in tests', () => {
    expect(state.mode).toBe('embedded')
    expect(state.port).toBeGreaterThan(0)
    expect(state.port).not.toBe(1883)
  })

  it('acknowledges a QoS 1 message only once its readings are committed and readable', async () => {
    const client = await connect(meter, tokens.get(meter)!)
    const before = commits
    let release!: () => void
    commitHeld = new Promise((resolve) => (release = resolve))
    const started = new Promise<void>((resolve) => (commitStarted = resolve))
    let acknowledged = false
    const published = client
      .publishAsync(
        readingsTopic(meter),
        JSON.stringify({ readings: [reading(0, 100), reading(1, 100.5)] }),
        { qos: 1 },
      )
      .then(() => (acknowledged = true))
    await started
    // A connection's round trip on the same loopback: an acknowledgement the broker had already
    // sent would be read meanwhile. The commit is held, so there must be none.
    await connect(other, tokens.get(other)!)
    expect(acknowledged).toBe(false)
    commitHeld = commitStarted = undefined
    release()
    await published
    expect(commits).toBe(before + 1)
    expect(await storedOf(meter, since)).toBe(2)
    // A single reading object is a payload too.
    await client.publishAsync(readingsTopic(meter), JSON.stringify(reading(2, 101)), { qos: 1 })
    expect(await storedOf(meter, since)).toBe(3)
  })

  it('refuses a wrong password, and a token of another device', async () => {
    await expect(connect(meter, 'not-the-token')).rejects.toThrow(/username or password/i)
    await expect(connect(meter, tokens.get(other)!)).rejects.toThrow(/username or password/i)
    await expect(connect('', tokens.get(meter)!)).rejects.toThrow()
  })

  it("refuses a publish to another device's topic: the connection closes, nothing is stored", async () => {
    const wrongTopicBefore = state.counters.wrongTopic
    const client = await connect(meter, tokens.get(meter)!)
    const dropped = closed(client)
    client.publish(readingsTopic(other), JSON.stringify(reading(3, 5)), { qos: 1 })
    await dropped
    expect(state.counters.wrongTopic).toBe(wrongTopicBefore + 1)
    expect(await storedOf(other, since)).toBe(0)
  })

  it('refuses a malformed payload (counted, nothing stored) and the connection goes on', async () => {
    const client = await connect(meter, tokens.get(meter)!)
    const malformedBefore = state.counters.malformed
    const storedBefore = await storedOf(meter, since)
    for (const payload of [
      'not json',
      JSON.stringify({ readings: [{ timestamp: reading(4, 0).timestamp, kwh: null }] }),
      JSON.stringify({ timestamp: reading(4, 0).timestamp, kwh: '102' }),
      JSON.stringify({ readings: [] }),
      JSON.stringify([reading(4, 102)]),
    ]) {
      await client.publishAsync(readingsTopic(meter), payload, { qos: 1 })
    }
    expect(state.counters.malformed).toBe(malformedBefore + 5)
    expect(await storedOf(meter, since)).toBe(storedBefore)
    await client.publishAsync(readingsTopic(meter), JSON.stringify(reading(4, 102)), { qos: 1 })
    expect(await storedOf(meter, since)).toBe(storedBefore + 1)
    expect(client.connected).toBe(true)
  })

  it("stores a reading's export register beside it; a bad one is malformed, a repeat stored once", async () => {
    const exportOf = async () =>
      (
        await t.db.query<{ ts: Date; kwh: number; source: string }>(
          `SELECT ts, kwh, source FROM readings
           WHERE device_id = $1 AND reading_type = 'export_kwh' AND ts >= $2 ORDER BY ts`,
          [meter, since],
        )
      ).rows
    const client = await connect(meter, tokens.get(meter)!)
    const twoWay = { ...reading(50, 200), export_kwh: 12.5 }
    const payload = JSON.stringify({ readings: [twoWay, reading(51, 201)] })
    await client.publishAsync(readingsTopic(meter), payload, { qos: 1 })
    const stored = [{ ts: new Date(twoWay.timestamp), kwh: 12.5, source: 'mqtt' }]
    expect(await exportOf()).toEqual(stored)
    const listed = await t.call(await t.as('admin'), {
      method: 'GET',
      url: `/api/v1/devices/${meter}/readings?start_date=${twoWay.timestamp}&page_size=2`,
    })
    expect(listed.json().items.map((r: { export_kwh: number | null }) => r.export_kwh)).toEqual([
      12.5,
      null,
    ])

    const malformedBefore = state.counters.malformed
    const storedBefore = await storedOf(meter, since)
    for (const export_kwh of [-1, '13', null, 1e13]) {
      const bad = JSON.stringify({ ...reading(52, 202), export_kwh })
      await client.publishAsync(readingsTopic(meter), bad, { qos: 1 })
    }
    expect(state.counters.malformed).toBe(malformedBefore + 4)
    expect(await storedOf(meter, since)).toBe(storedBefore)

    const duplicatesBefore = state.counters.readingsDuplicate
    await client.publishAsync(readingsTopic(meter), payload, { qos: 1 })
    expect(state.counters.readingsDuplicate).toBe(duplicatesBefore + 2)
    expect(await exportOf()).toEqual(stored)
  })

  it('stores 10,000 readings once, however often they are delivered', async () => {
    const client = await connect(other, tokens.get(other)!)
    const messages = Array.from({ length: 100 }, (_, m) => ({
      readings: Array.from({ length: 100 }, (_, i) => reading(100 + m * 100 + i, m * 100 + i)),
    }))
    const storedBefore = state.counters.readingsStored
    await Promise.all(
      messages.map((m) => client.publishAsync(readingsTopic(other), JSON.stringify(m), { qos: 1 })),
    )
    // A redelivery of the first ten messages (as after a lost acknowledgement).
    await Promise.all(
      messages
        .slice(0, 10)
        .map((m) => client.publishAsync(readingsTopic(other), JSON.stringify(m), { qos: 1 })),
    )
    expect(await storedOf(other, since)).toBe(10_000)
    expect(state.counters.readingsStored - storedBefore).toBe(10_000)
  })

  it('ends a live connection at once when its token is rotated, and again when it is revoked', async () => {
    const device = t.fx.devicesOf.A[0]!
    // No periodic check in reach: only the announcement of the change can end the connection.
    const client = await connect(device, await tokenOf(device))
    const ended = closed(client)
    const rotated = await tokenOf(device)
    await ended
    const again = await connect(device, rotated)
    const endedAgain = closed(again)
    const revoked = await t.call(await t.as('admin'), {
      method: 'DELETE',
      url: `/api/v1/devices/${device}/credentials`,
    })
    expect(revoked.statusCode, revoked.body).toBe(204)
    await endedAgain
    await expect(connect(device, rotated)).rejects.toThrow(/username or password/i)
  })
})
