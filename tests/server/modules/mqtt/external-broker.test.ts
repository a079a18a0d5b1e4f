/**
 * The server as a client of an external broker (MQTT_URL), against this machine's Mosquitto on
 * 127.0.0.1:1883 (shared, persistence on: every name here is unique to the run). On PostgreSQL two
 * server processes share the subscription; PGlite is one process by design, so there the second
 * replica starts on the same data once the first has been killed. Either way: kill -9 one while
 * 20,000 readings are in flight, and every reading the broker acknowledged is stored exactly
 * once; then stop every replica, publish 1,000 more, start one, and they all arrive.
 */
import net from 'node:net'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freshDatabase,
  spawnServer,
  type ServerDatabase,
  type ServerProcess,
} from '../../../e2e/support/server.ts'
import {
  Client,
  ReadingSource,
  keyOf,
  storedReadings,
  type Reading,
} from '../../../resilience/harness.ts'

const BROKER = { host: '127.0.0.1', port: 1883 }
const run = crypto.randomUUID().slice(0, 8)
const MESSAGE_READINGS = 100

async function brokerIsUp(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(BROKER.port, BROKER.host)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

let database: ServerDatabase
const servers: ServerProcess[] = []

function replica(name: 'a' | 'b'): Promise<ServerProcess> {
  return spawnServer(database, {
    apiOnly: true,
    env: {
      MQTT_URL: `mqtt://${BROKER.host}:${BROKER.port}`,
      MQTT_CLIENT_ID: `meterdeck-test-${run}-${name}`,
      MQTT_SHARE_GROUP: `test-${run}`,
      MQTT_SESSION_EXPIRY: '600',
      SEED_DAYS: '1',
      RULES_EVALUATOR: '0',
      LOG_STDOUT: 'info',
    },
  }).then(async (server) => {
    servers.push(server)
    await subscribed(server)
    return server
  })
}

/** Waits for the replica's log line saying it subscribed (bounded). */
async function subscribed(server: ServerProcess): Promise<void> {
  for (let i = 0; i < 300 && !server.output().includes('Subscribed to $share/'); i++)
    await new Promise((resolve) => setTimeout(resolve, 100))
  expect(server.output()).toContain('Subscribed to $share/')
}

async function publisher(): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://${BROKER.host}:${BROKER.port}`, {
    protocolVersion: 5,
    clientId: `meterdeck-test-${run}-publisher`,
  })
}

/** Publishes readings as messages of 100 at QoS 1, 20 in flight; resolves when all are acked. */
async function publish(client: MqttClient, readings: Reading[], onAcked?: (n: number) => void) {
  // A message carries one device's readings (its topic names the device).
  const messages: Reading[][] = []
  for (const device of new Set(readings.map((r) => r.device_id))) {
    const own = readings.filter((r) => r.device_id === device)
    for (let i = 0; i < own.length; i += MESSAGE_READINGS)
      messages.push(own.slice(i, i + MESSAGE_READINGS))
  }
  let acked = 0
  let next = 0
  const worker = async () => {
    while (next < messages.length) {
      const message = messages[next++]!
      const device = message[0]!.device_id
      await client.publishAsync(
        `meterdeck/v1/devices/${device}/readings`,
        JSON.stringify({ readings: message.map(({ timestamp, kwh }) => ({ timestamp, kwh })) }),
        { qos: 1 },
      )
      onAcked?.(++acked)
    }
  }
  await Promise.all(Array.from({ length: 20 }, worker))
}

/** Waits until the replica's API counts `expected` readings of the run's devices (bounded). */
async function arrived(api: Client, devices: string[], before: number, expected: number) {
  let count = 0
  for (let i = 0; i < 600; i++) {
    count = -before
    for (const id of devices) {
      const answer = await api.request('GET', `/api/v1/devices/${id}`)
      count += (JSON.parse(answer.body) as { summary: { reading_count: number } }).summary
        .reading_count
    }
    if (count >= expected) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return count
}

beforeAll(async () => {
  if (!(await brokerIsUp()))
    throw new Error(
      `Mosquitto is not running on ${BROKER.host}:${BROKER.port}: these tests need the machine's MQTT broker (apt-get install mosquitto; it listens there by default).`,
    )
  database = await freshDatabase()
})
afterAll(async () => {
  for (const server of servers) await server.stop()
  await database?.dispose()
})

describe('ingest from an external MQTT broker', () => {
  it('survives kill -9 of a replica mid-flight, and catches up on what came while all were down', async () => {
    const two = database.kind === 'postgres'
    const a = await replica('a')
    const b = two ? await replica('b') : undefined
    let api = new Client(a.url)
    await api.signIn()
    const devices = (await api.deviceIds()).slice(0, 4)
    const countsBefore = await arrived(api, devices, 0, 0)
    const source = new ReadingSource(devices, Date.now() - 30 * 86_400_000, 60_000)
    const first = source.batch(20_000)
    const client = await publisher()
    let killed = false
    await publish(client, first, (acked) => {
      if (acked === 60 && !killed) {
        killed = true
        process.kill(a.pid, 'SIGKILL')
      }
    })
    await a.exited
    // PGlite: the second replica starts once the first is gone (one process per data directory).
    const survivor = b ?? (await replica('b'))
    api = new Client(survivor.url)
    await api.signIn()
    expect(await arrived(api, devices, countsBefore, first.length)).toBe(first.length)

    for (const server of servers) await server.stop()
    const second = source.batch(1_000)
    await publish(client, second)
    await client.endAsync()
    const restarted = await replica('a')
    api = new Client(restarted.url)
    await api.signIn()
    expect(await arrived(api, devices, countsBefore, 21_000)).toBe(21_000)
    await restarted.stop()

    const stored = await storedReadings(database, devices, source.start, source.end)
    const keys = new Set(stored.readings.map((r) => r.key))
    expect(stored.readings.length).toBe(21_000)
    expect(keys.size).toBe(21_000)
    for (const reading of [...first, ...second]) expect(keys.has(keyOf(reading))).toBe(true)
    expect(stored.rollupCount).toBe(21_000)
  }, 600_000)
})
