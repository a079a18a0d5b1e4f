import { randomBytes } from 'node:crypto'
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt'
import type { Logger } from 'pino'
import type { NoticeSource } from '../server-status/notices.ts'
import { readingsTopic } from './topics.ts'

/**
 * Whether the external broker (MQTT_URL) may be believed: a subscriber cannot see who published,
 * so a reading is only as genuine as the broker's refusal of everyone but its device.
 * `off`: no external broker (the embedded one checks device tokens itself).
 */
export interface BrokerTrust {
  state: 'trusted' | 'untrusted' | 'unchecked' | 'off'
  /** What the last check found, in words an operator can act on, or null. */
  detail: string | null
  /** When the last check ended (ISO), or null. */
  checkedAt: string | null
}

let current: BrokerTrust = { state: 'off', detail: null, checkedAt: null }

/** The external broker's trust as last checked (for the server status; one per process). */
export const brokerTrust = (): BrokerTrust => current

/**
 * The admins' notice (GET /api/v1/server/status, the console's banner) while the external broker
 * is not trusted, or not yet checked: readings from it are not stored meanwhile.
 */
export function brokerTrustNotice(trust: () => BrokerTrust = brokerTrust): NoticeSource {
  return () => {
    const { state, detail } = trust()
    if (state === 'untrusted')
      return {
        id: 'mqtt-broker-untrusted',
        severity: 'critical',
        title: 'Readings from the MQTT broker are not stored',
        detail: `${detail ?? 'The broker lets other clients publish to device topics.'} ${FIX}.`,
      }
    if (state === 'unchecked')
      return {
        id: 'mqtt-broker-unchecked',
        severity: 'info',
        title: 'The MQTT broker is being checked',
        detail:
          'Readings from the external broker (MQTT_URL) are stored once it has been checked to refuse anonymous and wrong-password clients.',
      }
    return null
  }
}

/** Not a device id (those are UUIDs): the ingest ignores this topic, the checks publish on it. */
export const PROBE_DEVICE = 'meterdeck-broker-probe'
export const PROBE_TOPIC = readingsTopic(PROBE_DEVICE)

/** Where an operator reads how to secure the broker. */
const FIX =
  'Set allow_anonymous false and a per-device ACL (Mosquitto: deploy/mosquitto/mosquitto.conf with ' +
  'MQTT_DYNSEC_URL; EMQX: HTTP auth and ACL against POST /api/v1/mqtt/auth and /api/v1/mqtt/acl; ' +
  'see README "Devices over MQTT")'

const TIMEOUT_MS = 5000

interface Stranger {
  /** How the log line names it. */
  who: string
  options: IClientOptions
}

/** Connects, or null when the broker refuses the connection (or never answers). */
async function connectOrNull(url: string, options: IClientOptions): Promise<MqttClient | null> {
  try {
    return await mqtt.connectAsync(url, {
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: TIMEOUT_MS,
      clientId: `meterdeck-probe-${randomBytes(6).toString('hex')}`,
      ...options,
    })
  } catch {
    return null
  }
}

/** True when the broker acknowledged the publish as accepted (an MQTT 5 reason code below 0x80). */
async function publishAccepted(client: MqttClient, payload: string): Promise<boolean> {
  try {
    const packet = await Promise.race([
      client.publishAsync(PROBE_TOPIC, payload, { qos: 1 }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS)),
    ])
    return ((packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0) < 0x80
  } catch {
    return false
  }
}

/**
 * One check: an anonymous client and one with a wrong password each try to publish to the probe
 * device's topic while the server's own client (MQTT_URL's account) watches that topic without a
 * share. Then the watcher publishes a marker there: the broker delivers one subscription's
 * messages in order, so once the marker is back, anything a stranger got through has arrived.
 * Resolves with what is wrong (empty when the broker refused both); rejects when the server's own
 * client cannot connect, subscribe or publish the marker (nothing can be concluded then).
 */
export async function probeBroker(url: string): Promise<string[]> {
  const watcher = await mqtt.connectAsync(url, {
    protocolVersion: 5,
    reconnectPeriod: 0,
    connectTimeout: TIMEOUT_MS,
    clean: true,
    clientId: `meterdeck-probe-watch-${randomBytes(6).toString('hex')}`,
  })
  try {
    const nonce = randomBytes(12).toString('hex')
    const seen = new Set<string>()
    let markerBack: () => void = () => {}
    const marker = new Promise<void>((resolve) => (markerBack = resolve))
    watcher.on('message', (_topic, payload) => {
      const message = JSON.parse(payload.toString() || '{}') as { probe?: string; who?: string }
      if (message.probe !== nonce) return
      if (message.who === 'marker') markerBack()
      else if (message.who) seen.add(message.who)
    })
    const granted = await watcher.subscribeAsync(PROBE_TOPIC, { qos: 1 })
    if (granted.some((g) => g.qos > 2))
      throw new Error(`the server's MQTT account may not subscribe to ${PROBE_TOPIC}`)

    // Strangers connect without MQTT_URL's account.
    const bare = new URL(url)
    bare.username = ''
    bare.password = ''
    const strangers: Stranger[] = [
      { who: 'an anonymous client', options: {} },
      {
        who: 'a client with a wrong password',
        options: { username: PROBE_DEVICE, password: randomBytes(16).toString('hex') },
      },
    ]
    const problems: string[] = []
    for (const { who, options } of strangers) {
      const client = await connectOrNull(bare.toString(), options)
      if (!client) continue
      const accepted = await publishAccepted(client, JSON.stringify({ probe: nonce, who }))
      client.end(true)
      if (accepted) problems.push(`${who} may publish to device topics`)
    }
    if (!(await publishAccepted(watcher, JSON.stringify({ probe: nonce, who: 'marker' }))))
      throw new Error(`the server's MQTT account may not publish to ${PROBE_TOPIC}`)
    await Promise.race([
      marker,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the probe marker never came back')), TIMEOUT_MS),
      ),
    ])
    for (const who of seen) {
      const problem = `${who} may publish to device topics`
      if (!problems.includes(problem)) problems.push(problem)
    }
    return problems
  } finally {
    watcher.end(true)
  }
}

export interface BrokerTrustChecks {
  /** Resolves once the first check has decided (trusted or untrusted). */
  decided: Promise<void>
  /** Whether messages may be ingested now. */
  trusted(): boolean
  stop(): void
}

/**
 * Checks the broker at start and every `intervalMs` (a failed check again after 2 s at most),
 * keeps `brokerTrust()` current and logs one line per change: an error saying what is wrong and
 * how to fix it, or that ingest resumes.
 */
export function startBrokerTrustChecks(options: {
  url: string
  intervalMs: number
  log: Logger
  /** The first check waits for this (the server's own account being set up). */
  after?: Promise<void>
}): BrokerTrustChecks {
  const { url, log } = options
  const where = new URL(url).host
  current = { state: 'unchecked', detail: 'not checked yet', checkedAt: null }
  let decide: () => void = () => {}
  const decided = new Promise<void>((resolve) => (decide = resolve))
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  const set = (next: BrokerTrust) => {
    const changed = next.state !== current.state || next.detail !== current.detail
    current = next
    if (!changed) return
    if (next.state === 'untrusted')
      log.error(
        { logger: 'mqtt', broker: where, broker_trust: next.state, detail: next.detail },
        `MQTT broker ${where} is not trusted: ${next.detail}. Readings from it are dropped until a check passes. ${FIX}`,
      )
    else if (next.state === 'trusted')
      log.info(
        { logger: 'mqtt', broker: where, broker_trust: next.state },
        `MQTT broker ${where} refuses anonymous and wrong-password clients: ingesting from it`,
      )
  }

  const check = async () => {
    if (stopped) return
    let nextMs = options.intervalMs
    try {
      const problems = await probeBroker(url)
      const checkedAt = new Date().toISOString()
      set(
        problems.length === 0
          ? { state: 'trusted', detail: null, checkedAt }
          : { state: 'untrusted', detail: problems.join('; '), checkedAt },
      )
      decide()
    } catch (error) {
      nextMs = Math.min(nextMs, 2000)
      log.warn(
        { logger: 'mqtt', broker: where, err: error },
        `Could not check MQTT broker ${where}: ${(error as Error).message}`,
      )
      // Nothing learnt: a broker already judged keeps its state, an unchecked one stays so.
      if (current.state === 'unchecked')
        current = { ...current, detail: `check failed: ${(error as Error).message}` }
    }
    if (!stopped) timer = setTimeout(() => void check(), nextMs)
  }
  void (options.after ?? Promise.resolve()).then(check)

  return {
    decided,
    trusted: () => current.state === 'trusted',
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}

/** No external broker to check (the embedded one, or MQTT off). */
export function brokerTrustOff(): void {
  current = { state: 'off', detail: null, checkedAt: null }
}
