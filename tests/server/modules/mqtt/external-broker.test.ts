/**
 * The server as a client of an external broker (MQTT_URL): the shipped Mosquitto set-up
 * (deploy/mosquitto/mosquitto.conf, dynamic security kept by the server), started by the test on a
 * port of its own, devices publishing with their own tokens. On PostgreSQL two server processes
 * share the subscription; PGlite is one process by design, so there the killed replica restarts
 * on the same data with its client id, as its service would restart it. Kill -9 one replica while readings are in
 * flight: every reading the broker acknowledged is stored exactly once. Then kill -9 every
 * replica under load and go on publishing: the broker acknowledges 3,000 messages while no
 * replica runs (more than a stock Mosquitto keeps: 1,000 per session), and once the replicas are
 * back every one of them is stored, once.
 */
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  freshDatabase,
  spawnServer,
  type ServerDatabase,
  type ServerProcess,
} from '../../../e2e/support/server.ts'
import { startMosquitto, type Mosquitto } from '../../helpers/mosquitto.ts'
import {
  Client,
  ReadingSource,
  keyOf,
  storedReadings,
  type Reading,
} from '../../../resilience/harness.ts'

const run = crypto.randomUUID().slice(0, 8)
const SERVER_ACCOUNT = { username: 'meterdeck-server', password: crypto.randomUUID() }

let broker: Mosquitto
let database: ServerDatabase
const servers: ServerProcess[] = []

function replica(name: 'a' | 'b'): Promise<ServerProcess> {
  return spawnServer(database, {
    apiOnly: true,
    env: {
      MQTT_URL: broker.url(SERVER_ACCOUNT.username, SERVER_ACCOUNT.password),
      MQTT_DYNSEC_URL: broker.adminUrl,
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

/** Waits for the replica's log lines saying it subscribed and trusts the broker (bounded). */
async function subscribed(server: ServerProcess): Promise<void> {
  const ready = () =>
    server.output().includes('Subscribed to $share/') &&
    server.output().includes('ingesting from it')
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('not subscribed within 60 s')), 60_000)
    const check = () => ready() && done()
    const done = (error?: Error) => {
      clearTimeout(timer)
      server.child.stdout?.off('data', check)
      if (error) reject(new Error(`${error.message}:\n${server.output()}`))
      else resolve()
    }
    server.child.stdout?.on('data', check)
    check()
  })
}

/** One connection per device, with its own token (the broker lets it publish to its topic only). */
async function publishers(api: Client, devices: string[]): Promise<Map<string, MqttClient>> {
  const clients = new Map<string, MqttClient>()
  for (const device of devices) {
    const answer = await api.request('POST', `/api/v1/devices/${device}/credentials`)
    expect(answer.status).toBe(201)
    const { token } = JSON.parse(answer.body) as { token: string }
    const client = await mqtt.connectAsync(broker.url(), {
      protocolVersion: 5,
      clientId: `meterdeck-test-${run}-${device}`,
      username: device,
      password: token,
    })
    clients.set(device, client)
  }
  return clients
}

/**
 * Publishes readings as messages of `messageReadings` at QoS 1, 20 in flight, each by its device's
 * client; resolves when all are acknowledged (a refusal rejects).
 */
async function publish(
  clients: Map<string, MqttClient>,
  readings: Reading[],
  messageReadings: number,
  onAcked?: (n: number) => void,
) {
  // A message carries one device's readings (its topic names the device).
  const messages: Reading[][] = []
  for (const device of new Set(readings.map((r) => r.device_id))) {
    const own = readings.filter((r) => r.device_id === device)
    for (let i = 0; i < own.length; i += messageReadings)
      messages.push(own.slice(i, i + messageReadings))
  }
  let acked = 0
  let next = 0
  const worker = async () => {
    while (next < messages.length) {
      const message = messages[next++]!
      const device = message[0]!.device_id
      const packet = await clients
        .get(device)!
        .publishAsync(
          `meterdeck/v1/devices/${device}/readings`,
          JSON.stringify({ readings: message.map(({ timestamp, kwh }) => ({ timestamp, kwh })) }),
          { qos: 1 },
        )
      const reasonCode = (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0
      if (reasonCode >= 0x80) throw new Error(`the broker refused a message: ${reasonCode}`)
      onAcked?.(++acked)
    }
  }
  await Promise.all(Array.from({ length: 20 }, worker))
}

/** Waits until the replica's API counts `expected` readings of the run's devices (bounded). */
async function arrived(api: Client, devices: string[], before: number, expected: number) {
  let count = 0
  const counted = async () => {
    count = -before
    for (const id of devices) {
      const answer = await api.request('GET', `/api/v1/devices/${id}`)
      count += (JSON.parse(answer.body) as { summary: { reading_count: number } }).summary
        .reading_count
    }
    expect(count).toBeGreaterThanOrEqual(expected)
  }
  await vi.waitFor(counted, { timeout: 150_000, interval: 250 }).catch(() => undefined)
  return count
}

beforeAll(async () => {
  broker = await startMosquitto()
  database = await freshDatabase()
})
afterAll(async () => {
  for (const server of servers) await server.stop()
  await broker?.stop()
  await database?.dispose()
})

describe('ingest from an external MQTT broker', () => {
  it('survives kill -9 of a replica mid-flight, and of every replica under load', async () => {
    const two = database.kind === 'postgres'
    const a = await replica('a')
    const b = two ? await replica('b') : undefined
    let api = new Client(a.url)
    await api.signIn()
    const devices = (await api.deviceIds()).slice(0, 2)
    const countsBefore = await arrived(api, devices, 0, 0)
    const source = new ReadingSource(devices, Date.now() - 30 * 86_400_000, 60_000)
    const clients = await publishers(api, devices)

    // One replica killed while 5,000 readings (messages of 100) are in flight.
    const first = source.batch(5_000)
    let killed = false
    await publish(clients, first, 100, (acked) => {
      if (acked === 10 && !killed) {
        killed = true
        process.kill(a.pid, 'SIGKILL')
      }
    })
    await a.exited
    // PGlite: the replica restarts once it is gone (one process per data directory), as its
    // service would, with its client id: it resumes its broker session and what it queued.
    const survivor = b ?? (await replica('a'))
    api = new Client(survivor.url)
    await api.signIn()
    expect(await arrived(api, devices, countsBefore, first.length)).toBe(first.length)

    // Every replica killed under load (one reading a message): 3,000 acknowledged while none runs.
    const running = two ? [survivor, await replica('a')] : [survivor]
    const second = source.batch(3_500)
    let allKilled = false
    await publish(clients, second, 1, (acked) => {
      if (acked === 500 && !allKilled) {
        allKilled = true
        for (const server of running) process.kill(server.pid, 'SIGKILL')
      }
    })
    for (const server of running) await server.exited
    for (const client of clients.values()) await client.endAsync()
    const restarted = two ? [await replica('a'), await replica('b')] : [await replica('a')]
    api = new Client(restarted[0]!.url)
    await api.signIn()
    const total = first.length + second.length
    expect(await arrived(api, devices, countsBefore, total)).toBe(total)
    for (const server of restarted) await server.stop()

    const stored = await storedReadings(database, devices, source.start, source.end)
    const keys = new Set(stored.readings.map((r) => r.key))
    expect(stored.readings.length).toBe(total)
    expect(keys.size).toBe(total)
    for (const reading of [...first, ...second]) expect(keys.has(keyOf(reading))).toBe(true)
    expect(stored.rollupCount).toBe(total)
  }, 600_000)
})
