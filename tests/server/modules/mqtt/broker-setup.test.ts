/**
 * The shipped Mosquitto set-up (deploy/mosquitto/mosquitto.conf: dynamic security kept by the
 * server through MQTT_DYNSEC_URL), started by the test on a port of its own: only a device's own
 * token publishes, and only to its own topic; rotation and revocation reach the broker. And a
 * broker that lets anyone publish is refused: nothing it passes on is stored.
 */
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  freshDatabase,
  spawnServer,
  type ServerDatabase,
  type ServerProcess,
} from '../../../e2e/support/server.ts'
import { Client } from '../../../resilience/harness.ts'
import { startMosquitto, type Mosquitto } from '../../helpers/mosquitto.ts'

const SERVER_ACCOUNT = { username: 'meterdeck-server', password: crypto.randomUUID() }
const TRUSTED = 'refuses anonymous and wrong-password clients: ingesting from it'

/** Polls `condition` every 100 ms for at most `ms` (waiting on a row, a log line, a refusal). */
async function until(
  condition: () => boolean | Promise<boolean>,
  server?: ServerProcess,
  ms = 15_000,
): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await condition()))
        throw new Error(`condition not met in time${server ? `:\n${server.output()}` : ''}`)
    },
    { timeout: ms, interval: 100 },
  )
}

const topic = (deviceId: string) => `meterdeck/v1/devices/${deviceId}/readings`
const payload = (kwh: number) =>
  JSON.stringify({ readings: [{ timestamp: new Date().toISOString(), kwh }] })

async function readingCount(api: Client, deviceId: string): Promise<number> {
  const answer = await api.request('GET', `/api/v1/devices/${deviceId}`)
  return (JSON.parse(answer.body) as { summary: { reading_count: number } }).summary.reading_count
}

async function issueToken(api: Client, deviceId: string): Promise<string> {
  const answer = await api.request('POST', `/api/v1/devices/${deviceId}/credentials`)
  expect(answer.status).toBe(201)
  return (JSON.parse(answer.body) as { token: string }).token
}

/** The connection's refusal reason code, or 0 once connected (then closed again). */
async function connectCode(url: string, username?: string, password?: string): Promise<number> {
  try {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 5,
      reconnectPeriod: 0,
      username,
      password,
    })
    await client.endAsync(true)
    return 0
  } catch (error) {
    return (error as { code?: number }).code ?? -1
  }
}

/** The PUBACK's reason code (0x87 = not authorised). */
async function publishCode(client: MqttClient, to: string, body: string): Promise<number> {
  try {
    const packet = await client.publishAsync(to, body, { qos: 1 })
    return (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0
  } catch (error) {
    return (error as { code?: number }).code ?? -1
  }
}

/** Each describe its own database (PGlite is one process per data directory) and broker. */
function ownDatabaseAndCleanups() {
  const own = {
    database: undefined as unknown as ServerDatabase,
    cleanups: [] as (() => Promise<unknown>)[],
  }
  beforeAll(async () => {
    own.database = await freshDatabase()
  })
  afterAll(async () => {
    for (const cleanup of own.cleanups.reverse()) await cleanup()
    await own.database?.dispose()
  })
  return own
}

describe('the shipped Mosquitto set-up (dynamic security)', () => {
  const own = ownDatabaseAndCleanups()
  const { cleanups } = own
  let broker: Mosquitto
  let server: ServerProcess
  let admin: Client
  let ours: string[]
  let theirs: string
  let token: string

  beforeAll(async () => {
    broker = await startMosquitto()
    cleanups.push(() => broker.stop())
    server = await spawnServer(own.database, {
      apiOnly: true,
      env: {
        MQTT_URL: broker.url(SERVER_ACCOUNT.username, SERVER_ACCOUNT.password),
        MQTT_DYNSEC_URL: broker.adminUrl,
        MQTT_CLIENT_ID: 'meterdeck-setup-test',
        SEED_DAYS: '1',
        RULES_EVALUATOR: '0',
        LOG_STDOUT: 'info',
      },
    })
    cleanups.push(() => server.stop())
    await until(() => server.output().includes(TRUSTED), server)
    admin = new Client(server.url)
    await admin.signIn()
    const other = new Client(server.url)
    await other.signIn('admin2@demo.local')
    ours = (await admin.deviceIds()).slice(0, 2)
    theirs = (await other.deviceIds())[0]!
    token = await issueToken(admin, ours[0]!)
    await issueToken(admin, ours[1]!)
    await issueToken(other, theirs)
  }, 300_000)

  it('refuses an anonymous client and a wrong password', async () => {
    expect(await connectCode(broker.url())).toBe(135)
    expect(await connectCode(broker.url(), ours[0], 'not-the-token')).toBe(135)
    expect(await connectCode(broker.url(), ours[0], token)).toBe(0)
  })

  it("stores a device's own readings, and refuses its publishes to another device's topic, in its tenant or another", async () => {
    const [own, neighbour] = ours as [string, string]
    const other = new Client(server.url)
    await other.signIn('admin2@demo.local')
    const before = {
      own: await readingCount(admin, own),
      neighbour: await readingCount(admin, neighbour),
      theirs: await readingCount(other, theirs),
    }
    const device = await mqtt.connectAsync(broker.url(), {
      protocolVersion: 5,
      username: own,
      password: token,
    })
    expect(await publishCode(device, topic(neighbour), payload(999_999.5))).toBe(135)
    expect(await publishCode(device, topic(theirs), payload(999_999.5))).toBe(135)
    expect(await publishCode(device, topic(own), payload(12.5))).toBeLessThan(0x80)
    await device.endAsync()
    await until(async () => (await readingCount(admin, own)) === before.own + 1, server)
    // Its own reading came after the others: had they got through, they would be stored by now.
    expect(await readingCount(admin, neighbour)).toBe(before.neighbour)
    expect(await readingCount(other, theirs)).toBe(before.theirs)
  })

  it('takes a rotated token at once, and forgets a revoked one', async () => {
    const device = ours[1]!
    const old = await issueToken(admin, device)
    expect(await connectCode(broker.url(), device, old)).toBe(0)
    const rotated = await issueToken(admin, device)
    expect(await connectCode(broker.url(), device, old)).toBe(135)
    expect(await connectCode(broker.url(), device, rotated)).toBe(0)
    const revoked = await admin.request('DELETE', `/api/v1/devices/${device}/credentials`)
    expect(revoked.status).toBe(204)
    // Removed by every replica's listener for the revocation: wait for the broker to refuse it.
    await until(async () => (await connectCode(broker.url(), device, rotated)) === 135)
  })
})

describe('a broker that lets anyone publish', () => {
  const own = ownDatabaseAndCleanups()
  const { cleanups } = own
  it('is not trusted: one log line says so, and what it passes on is not stored', async () => {
    const port = '1883'
    const broker = await startMosquitto(`listener ${port}\nallow_anonymous true\n`)
    cleanups.push(() => broker.stop())
    const server = await spawnServer(own.database, {
      apiOnly: true,
      env: {
        MQTT_URL: broker.url(),
        MQTT_CLIENT_ID: 'meterdeck-open-broker-test',
        MQTT_TRUST_CHECK_INTERVAL: '1',
        SEED_DAYS: '1',
        RULES_EVALUATOR: '0',
        LOG_STDOUT: 'info',
      },
    })
    cleanups.push(() => server.stop())
    await until(() => server.output().includes('is not trusted'))
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes('is not trusted'))!
    expect(line).toContain('an anonymous client may publish to device topics')
    expect(line).toContain('deploy/mosquitto/mosquitto.conf')
    await until(() => server.output().includes(`Subscribed to $share/`))

    const api = new Client(server.url)
    await api.signIn()
    const victim = (await api.deviceIds())[0]!
    const before = await readingCount(api, victim)
    const anonymous = await mqtt.connectAsync(broker.url(), { protocolVersion: 5 })
    await anonymous.publishAsync(topic(victim), payload(999_999.5), { qos: 1 })
    await anonymous.endAsync()
    await until(() => server.output().includes('Dropped a message from the untrusted MQTT broker'))
    expect(await readingCount(api, victim)).toBe(before)
    expect(server.output().match(/is not trusted/g)).toHaveLength(1)
    // Admins are told in the console (the server status its banner shows).
    const status = await api.request('GET', '/api/v1/server/status')
    expect(status.status).toBe(200)
    expect(JSON.parse(status.body)).toMatchObject({
      notices: [expect.objectContaining({ id: 'mqtt-broker-untrusted', severity: 'critical' })],
    })
  }, 300_000)
})
