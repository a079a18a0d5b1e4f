import mqtt, { type IClientOptions, type MqttClient } from 'mqtt'
import type { Logger } from 'pino'
import type { MessageIngest } from './message-ingest.ts'
import { PROBE_DEVICE } from './broker-trust.ts'
import { deviceOfTopic, sharedSubscription } from './topics.ts'

export interface ExternalSubscriberOptions {
  url: string
  /** Stable per replica: the broker keeps this session (and what queues for it) across restarts. */
  clientId: string
  /** The shared subscription's group: replicas of one deployment share it. */
  shareGroup: string
  ingest: MessageIngest
  log: Logger
  /** How long the broker keeps a session while its replica is away (s). */
  sessionExpirySeconds: number
  /** A hand-over ends once no message came for this long (ms). @default 1500 */
  quietMs?: number
  /**
   * Whether the broker may be believed (broker-trust.ts): resolves once known. Messages wait for
   * it; those that come while it is false are acknowledged and dropped, never stored.
   */
  admit: () => Promise<boolean>
}

export interface ExternalSubscriber {
  /** Resolves once connected and subscribed (the first time). */
  ready: Promise<void>
  close(): Promise<void>
}

/**
 * Passed to mqtt.js's handleMessage callback to keep it from sending its own PUBACK: it then takes
 * the next message at once (client.js' `work` loop hands the error to a callback that ignores
 * it), and `deferAcks` acknowledges after the commit. mqtt.js handles one message at a time and
 * sends the PUBACK when handleMessage calls back, so waiting there would commit one message per
 * transaction.
 */
const DEFERRED_ACK = new Error('acknowledged after the commit')

type Status = 'online' | 'offline' | 'stopped'

/**
 * Routes a client's readings messages to the ingest and acknowledges each after its commit. A
 * failed batch drops the connection unacknowledged: the broker delivers it again on the next
 * connection (MQTT 5 redelivers only then). An acknowledgement due on a connection that has since
 * dropped is not sent on the next one. Other topics go to `other`.
 */
function deferAcks(
  client: MqttClient,
  ingest: MessageIngest,
  admit: () => Promise<boolean>,
  other: (topic: string, payload: Buffer) => void = () => {},
): { pending: () => number; lastMessageAt: () => number } {
  let connection = 0
  let pending = 0
  let lastMessageAt = Date.now()
  client.on('connect', () => connection++)
  client.handleMessage = (packet, callback) => {
    lastMessageAt = Date.now()
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload)
    const deviceId = deviceOfTopic(packet.topic)
    if (!deviceId) {
      other(packet.topic, payload)
      return callback()
    }
    // The broker checks' own messages (see broker-trust.ts).
    if (deviceId === PROBE_DEVICE) return callback()
    const stored = admit().then((trusted) =>
      trusted ? ingest(deviceId, packet.topic, payload) : 'dropped',
    )
    if (packet.qos === 0) {
      stored.catch(() => {})
      return callback()
    }
    const onConnection = connection
    pending++
    stored
      .then(
        () => {
          if (onConnection === connection && packet.messageId !== undefined)
            client['_sendPacket']({ cmd: 'puback', messageId: packet.messageId, reasonCode: 0 })
        },
        () => {
          if (onConnection === connection) client.stream.destroy()
        },
      )
      .finally(() => pending--)
    callback(DEFERRED_ACK)
  }
  return { pending: () => pending, lastMessageAt: () => lastMessageAt }
}

const until = async (condition: () => boolean, stepMs = 100) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, stepMs))
}

/**
 * The server as an MQTT 5 client of an external broker (MQTT_URL): one shared subscription for
 * every replica (`$share/<group>/meterdeck/v1/devices/+/readings`, each message to one of them),
 * QoS 1, a persistent session (clean start off, a session expiry) under a stable client id, so
 * what is published while every replica is down waits in the broker. Device authentication is
 * the broker's (Mosquitto's dynamic security, or POST /api/v1/mqtt/auth and /acl), which the
 * server checks (`admit`, broker-trust.ts); the ingest refuses readings of unknown devices.
 *
 * A broker hands a shared subscription's messages round robin to its sessions, the offline ones
 * too, and keeps a dead session's unacknowledged messages in that session. So each replica
 * announces itself on `meterdeck/v1/replicas/<group>/<client id>` (retained `online`; its will
 * says `offline`, a clean stop `stopped`), and a replica that sees another one offline or stopped
 * (at start, or when it happens) takes that session over: connects with its client id, ingests
 * what waited there, unsubscribes it, lets the last acknowledgements go out, and ends it. Every
 * message queued for a replica that is gone reaches one that is running.
 */
export function startExternalSubscriber(options: ExternalSubscriberOptions): ExternalSubscriber {
  const { ingest, log, shareGroup, clientId, admit } = options
  const subscription = sharedSubscription(shareGroup)
  const statusPrefix = `meterdeck/v1/replicas/${shareGroup}/`
  const sessionOptions = (id: string): IClientOptions => ({
    protocolVersion: 5,
    clientId: id,
    clean: false,
    properties: { sessionExpiryInterval: options.sessionExpirySeconds },
    reconnectPeriod: 1000,
    // A refused account (not set up yet, or being fixed) is tried again, as an unreachable broker.
    reconnectOnConnackError: true,
  })
  const client = mqtt.connect(options.url, {
    ...sessionOptions(clientId),
    will: {
      topic: statusPrefix + clientId,
      payload: Buffer.from('offline'),
      qos: 1,
      retain: true,
    },
  })
  const takingOver = new Map<string, Promise<void>>()
  let closing = false
  let subscribed: (() => void) | undefined
  const ready = new Promise<void>((resolve) => (subscribed = resolve))

  const onStatus = (topic: string, payload: Buffer) => {
    if (!topic.startsWith(statusPrefix)) return
    const peer = topic.slice(statusPrefix.length)
    const status = payload.toString() as Status
    if (peer === clientId || closing || takingOver.has(peer)) return
    if (status !== 'offline' && status !== 'stopped') return
    const done = takeOver(peer).finally(() => takingOver.delete(peer))
    takingOver.set(peer, done)
  }
  deferAcks(client, ingest, admit, onStatus)

  /** Drains and ends the session of a replica that is gone. */
  async function takeOver(peer: string): Promise<void> {
    log.info({ logger: 'mqtt', peer }, `Taking over the MQTT session of stopped replica ${peer}`)
    const peerClient = mqtt.connect(options.url, { ...sessionOptions(peer), reconnectPeriod: 0 })
    const flow = deferAcks(peerClient, ingest, admit)
    try {
      await new Promise<void>((resolve, reject) => {
        peerClient.once('connect', () => resolve())
        peerClient.once('error', reject)
        peerClient.once('close', () => reject(new Error('closed')))
      })
      const quietMs = options.quietMs ?? 1500
      await until(() => Date.now() - flow.lastMessageAt() > quietMs || peerClient.disconnected)
      await peerClient.unsubscribeAsync(subscription)
      await peerClient.unsubscribeAsync(`${statusPrefix}+`)
      await until(() => flow.pending() === 0 || peerClient.disconnected)
      if (peerClient.disconnected) return // the replica came back and took its session
      await client.publishAsync(statusPrefix + peer, '', { qos: 1, retain: true })
      await peerClient.endAsync(false, { properties: { sessionExpiryInterval: 0 } })
      log.info({ logger: 'mqtt', peer }, `Took over the MQTT session of ${peer} and ended it`)
    } catch (error) {
      log.warn({ logger: 'mqtt', peer, err: error }, `Could not take over MQTT session ${peer}`)
      peerClient.end(true)
    }
  }

  client.on('connect', (connack) => {
    log.info(
      { logger: 'mqtt', client_id: clientId, session_present: connack.sessionPresent },
      `Connected to the MQTT broker as ${clientId}`,
    )
    client.publish(statusPrefix + clientId, 'online', { qos: 1, retain: true })
    client.subscribe(
      { [subscription]: { qos: 1 }, [`${statusPrefix}+`]: { qos: 1 } },
      (error, granted) => {
        if (error || !granted || granted.some((g) => g.qos > 2)) {
          log.error(
            { logger: 'mqtt', err: error, granted },
            `The MQTT broker refused the subscription ${subscription}`,
          )
          return
        }
        log.info({ logger: 'mqtt' }, `Subscribed to ${subscription}`)
        subscribed?.()
      },
    )
  })
  client.on('error', (error) => log.warn({ logger: 'mqtt', err: error }, 'MQTT client error'))
  client.on('offline', () => log.warn({ logger: 'mqtt' }, 'MQTT broker unreachable; retrying'))

  return {
    ready,
    async close() {
      closing = true
      await Promise.allSettled(takingOver.values())
      if (client.connected)
        await client.publishAsync(statusPrefix + clientId, 'stopped', { qos: 1, retain: true })
      await client.endAsync(false)
    },
  }
}
