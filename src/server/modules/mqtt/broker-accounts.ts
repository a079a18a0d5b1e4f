import { randomUUID } from 'node:crypto'
import mqtt from 'mqtt'
import type { Logger } from 'pino'
import type { Database } from '~/server/db/database.ts'
import { DEVICE_CREDENTIALS_CHANGED, hashToken } from '../devices/device-credentials.ts'
import { PROBE_TOPIC } from './broker-trust.ts'
import { readingsTopic } from './topics.ts'

/**
 * Mosquitto's dynamic-security plugin, driven by the server (MQTT_DYNSEC_URL, an admin of the
 * plugin): one broker client per device token, named by the device id, its password the token,
 * with a role of its own that may publish to that device's readings topic and nothing else
 * (Mosquitto 2.0's dynamic security has no %u in ACLs). The client's text description holds the
 * token's SHA-256, as the database does, so a reconcile can tell a current password from a stale
 * one without ever knowing a token.
 */
export interface BrokerAccounts {
  /** Resolves once the server's own account is set up and the devices reconciled (first time). */
  ready: Promise<void>
  /** A token was created or rotated (after its commit): the broker takes the new one. */
  issued(deviceId: string, token: string): Promise<void>
  close(): Promise<void>
}

const CONTROL = '$CONTROL/dynamic-security/v1'
const SERVER_ROLE = 'meterdeck-server'
const deviceRole = (deviceId: string) => `meterdeck-device-${deviceId}`
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const TIMEOUT_MS = 10_000

type Command = Record<string, unknown> & { command: string }
interface Response {
  command: string
  error?: string
  correlationData?: string
  data?: unknown
}

/** Errors that mean the broker already is as asked. */
const ALREADY = /already exists|not found/i

/** What the server's own account (MQTT_URL) may do on the broker. */
const serverRoleAcls = (shareGroup: string) => [
  ['subscribePattern', `$share/${shareGroup}/meterdeck/v1/devices/+/readings`],
  ['subscribePattern', `meterdeck/v1/replicas/${shareGroup}/+`],
  ['publishClientSend', `meterdeck/v1/replicas/${shareGroup}/#`],
  ['subscribeLiteral', PROBE_TOPIC],
  ['publishClientSend', PROBE_TOPIC],
]

const deviceClient = (deviceId: string, token: string): Command[] => [
  { command: 'deleteClient', username: deviceId },
  { command: 'createRole', rolename: deviceRole(deviceId) },
  {
    command: 'addRoleACL',
    rolename: deviceRole(deviceId),
    acltype: 'publishClientSend',
    topic: readingsTopic(deviceId),
    allow: true,
  },
  {
    command: 'createClient',
    username: deviceId,
    password: token,
    textdescription: hashToken(token).toString('hex'),
    roles: [{ rolename: deviceRole(deviceId) }],
  },
]

const removeDevice = (deviceId: string): Command[] => [
  { command: 'deleteClient', username: deviceId },
  { command: 'deleteRole', rolename: deviceRole(deviceId) },
]

/**
 * Connects to the plugin's control topic, sets up the server's own account (MQTT_URL's user,
 * role `meterdeck-server`), reconciles every device client with the database, then follows
 * rotations and revocations: `issued` pushes a new token, and a revoked token or a deleted device
 * (announced on DEVICE_CREDENTIALS_CHANGED by every replica) removes its client. Reconciles again
 * on every reconnect, so a change made while the broker was away reaches it.
 */
export async function startBrokerAccounts(options: {
  dynsecUrl: string
  serverUrl: string
  shareGroup: string
  db: Database
  log: Logger
}): Promise<BrokerAccounts> {
  const { db, log } = options
  const admin = mqtt.connect(options.dynsecUrl, {
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 1000,
    reconnectOnConnackError: true,
    clientId: `meterdeck-dynsec-${randomUUID().slice(0, 8)}`,
  })
  const waiting = new Map<string, (response: Response) => void>()
  admin.on('message', (_topic, payload) => {
    const { responses = [] } = JSON.parse(payload.toString()) as { responses?: Response[] }
    for (const response of responses) {
      const resolve = waiting.get(response.correlationData ?? '')
      if (resolve) resolve(response)
    }
  })
  admin.on('error', (error) =>
    log.warn({ logger: 'mqtt', err: error }, `Mosquitto dynamic-security admin: ${error.message}`),
  )

  /** Sends commands in one message; rejects on an error that is not "already so". */
  async function send(commands: Command[]): Promise<Response[]> {
    const tagged = commands.map((c) => ({ ...c, correlationData: randomUUID() }))
    const answers = tagged.map(
      (c) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => {
            waiting.delete(c.correlationData)
            reject(new Error(`no answer to ${c.command} from the dynamic-security plugin`))
          }, TIMEOUT_MS)
          waiting.set(c.correlationData, (response) => {
            clearTimeout(timer)
            waiting.delete(c.correlationData)
            resolve(response)
          })
        }),
    )
    await admin.publishAsync(CONTROL, JSON.stringify({ commands: tagged }), { qos: 1 })
    const responses = await Promise.all(answers)
    const failed = responses.find((r) => r.error && !ALREADY.test(r.error))
    if (failed) throw new Error(`${failed.command}: ${failed.error}`)
    return responses
  }

  async function setUpServerAccount(): Promise<void> {
    const server = new URL(options.serverUrl)
    const username = decodeURIComponent(server.username)
    await send([
      { command: 'createRole', rolename: SERVER_ROLE },
      ...serverRoleAcls(options.shareGroup).map(([acltype, topic]) => ({
        command: 'addRoleACL',
        rolename: SERVER_ROLE,
        acltype,
        topic,
        allow: true,
      })),
    ])
    if (!username) return
    const password = decodeURIComponent(server.password)
    const roles = [{ rolename: SERVER_ROLE }]
    const [created] = await send([{ command: 'createClient', username, password, roles }])
    // Already there (a restart, another replica): the same password and role, in one command.
    if (created!.error) await send([{ command: 'modifyClient', username, password, roles }])
  }

  /** Device clients whose token is not the database's are removed; missing ones are named. */
  async function reconcile(): Promise<void> {
    const [listing] = await send([{ command: 'listClients', verbose: true }])
    const { clients = [] } = (listing!.data ?? {}) as {
      clients?: { username: string; textdescription?: string }[]
    }
    const { rows } = await db.query<{ device_id: string; token_hash: Buffer }>(
      `SELECT device_id::text AS device_id, token_hash FROM device_credentials`,
    )
    const current = new Map(
      rows.map((r) => [r.device_id, Buffer.from(r.token_hash).toString('hex')]),
    )
    const onBroker = new Set<string>()
    const stale: string[] = []
    for (const client of clients) {
      if (!UUID.test(client.username)) continue
      if (current.get(client.username) === client.textdescription) onBroker.add(client.username)
      else stale.push(client.username)
    }
    if (stale.length > 0) await send(stale.flatMap(removeDevice))
    const missing = [...current.keys()].filter((id) => !onBroker.has(id))
    log.info(
      { logger: 'mqtt', devices: onBroker.size, removed: stale.length, missing: missing.length },
      `MQTT broker accounts reconciled: ${onBroker.size} devices, ${stale.length} stale removed`,
    )
    if (missing.length > 0)
      log.warn(
        { logger: 'mqtt', missing: missing.slice(0, 20) },
        `${missing.length} device tokens are not on the MQTT broker (issued before MQTT_DYNSEC_URL was set, or while the broker was away): issue those devices new tokens`,
      )
  }

  /** One change at a time, so a reconcile never reads a listing older than a push it undoes. */
  let queue = Promise.resolve()
  const serially = (what: string, task: () => Promise<void>) => {
    queue = queue
      .then(task)
      .catch((error: Error) =>
        log.warn(
          { logger: 'mqtt', err: error },
          `MQTT broker accounts: ${what} failed: ${error.message}`,
        ),
      )
    return queue
  }

  let setUp: () => void = () => {}
  const ready = new Promise<void>((resolve) => (setUp = resolve))
  admin.on('connect', () => {
    void serially('start', async () => {
      await admin.subscribeAsync(`${CONTROL}/response`, { qos: 1 })
      await setUpServerAccount()
      await reconcile()
      setUp()
    })
  })

  const listening = await db.listen(DEVICE_CREDENTIALS_CHANGED, (deviceId) => {
    if (!deviceId) return void serially('reconcile', reconcile)
    void serially(`removing device ${deviceId}`, async () => {
      const { rows } = await db.query(`SELECT 1 FROM device_credentials WHERE device_id = $1`, [
        deviceId,
      ])
      // A rotation: the replica that issued it pushes the new token.
      if (rows.length === 0) await send(removeDevice(deviceId))
    })
  })

  return {
    ready,
    issued: (deviceId, token) =>
      serially(`pushing device ${deviceId}'s token`, () =>
        send(deviceClient(deviceId, token)).then(() => {}),
      ),
    async close() {
      await listening.close()
      await queue
      await admin.endAsync()
    },
  }
}
