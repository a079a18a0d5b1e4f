import type { Logger } from 'pino'
import type { MqttConfig } from '~/server/config.ts'
import { SYSTEM, type Database } from '~/server/db/database.ts'
import { DEVICE_CREDENTIALS_CHANGED } from '../devices/device-credentials.ts'
import { bulkPush } from '../readings/bulk-push.ts'
import { startBrokerAccounts, type BrokerAccounts } from './broker-accounts.ts'
import { brokerTrust, brokerTrustOff, startBrokerTrustChecks } from './broker-trust.ts'
import { startEmbeddedBroker, type AuthenticateDevice } from './embedded-broker.ts'
import { startExternalSubscriber } from './external-subscriber.ts'
import { IngestBatcher, type CommitBatch } from './ingest-batcher.ts'
import { emptyCounters, messageIngest, type MqttCounters } from './message-ingest.ts'

/** What the console tells a device about MQTT (getDeviceConnection), kept current by startMqtt. */
export interface MqttState {
  mode: 'embedded' | 'external' | 'off'
  /** Why MQTT is off (switched off, the port taken...), or null. */
  reason: string | null
  /** Where devices connect: the embedded broker's address, or the external broker's. */
  host: string | null
  port: number | null
  counters: MqttCounters
  /** With MQTT_DYNSEC_URL: the broker's device accounts, told of every new token. */
  accounts: BrokerAccounts | null
}

declare module 'fastify' {
  interface FastifyInstance {
    mqtt: MqttState
  }
}

export const mqttOff = (reason: string): MqttState => ({
  mode: 'off',
  reason,
  host: null,
  port: null,
  counters: emptyCounters(),
  accounts: null,
})

/** A batch of MQTT readings in one transaction, across devices and tenants, like the evaluator. */
export const commitToDatabase =
  (db: Database): CommitBatch =>
  (items) =>
    db.transaction(SYSTEM, (tx) => bulkPush(tx, items, Date.now(), 'mqtt'))

export interface MqttService {
  /** Waits for batches in flight (so their messages are acknowledged), then disconnects. */
  stop(): Promise<void>
}

function describeListenError(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException).code
  // The machine's own broker usually holds 1883: say how to get past it, not just that it failed.
  if (code === 'EADDRINUSE')
    return `port ${port} is taken (another broker?). Set MQTT_PORT to another port, or MQTT_URL to use that broker.`
  if (code === 'EACCES') return `no permission to listen on port ${port}`
  if (code === 'EADDRNOTAVAIL') return `address ${host} is not available`
  return (error as Error).message
}

/**
 * Starts device ingest over MQTT as configured and fills `state` in: the embedded broker by
 * default, a shared subscription to MQTT_URL's broker, or nothing (switched off, or the port
 * taken: the console still serves, and `state.reason` says why).
 */
export async function startMqtt(options: {
  config: MqttConfig
  db: Database
  log: Logger
  authenticate: AuthenticateDevice
  state: MqttState
  /** @default commitToDatabase(db) */
  commit?: CommitBatch
}): Promise<MqttService> {
  const { config, log, state } = options
  brokerTrustOff()
  if (!config.enabled) {
    Object.assign(state, mqttOff('switched off (MQTT_ENABLED=0)'))
    return { stop: async () => {} }
  }
  const batcher = new IngestBatcher(options.commit ?? commitToDatabase(options.db), {
    batchMs: config.batchMs,
    batchReadings: config.batchReadings,
    maxConcurrent: config.maxConcurrentBatches,
  })
  const ingest = messageIngest(batcher, state.counters, log)
  if (config.url) {
    const url = new URL(config.url)
    // The subscriber's own account may be one this sets up: it connects once that is done.
    const accounts = config.dynsecUrl
      ? await startBrokerAccounts({
          dynsecUrl: config.dynsecUrl,
          serverUrl: config.url,
          shareGroup: config.shareGroup,
          db: options.db,
          log,
        })
      : null
    /** One log line per untrusted stretch, however many messages it drops. */
    let dropping = false
    const trust = startBrokerTrustChecks({
      url: config.url,
      intervalMs: config.trustCheckIntervalMs,
      log,
      after: accounts?.ready,
    })
    const subscriber = startExternalSubscriber({
      admit: async () => {
        await trust.decided
        if (trust.trusted()) {
          dropping = false
          return true
        }
        if (!dropping) {
          dropping = true
          log.warn(
            { logger: 'mqtt', detail: brokerTrust().detail },
            'Dropped a message from the untrusted MQTT broker (and drop all until a check passes)',
          )
        }
        return false
      },
      url: config.url,
      clientId: config.clientId,
      shareGroup: config.shareGroup,
      sessionExpirySeconds: config.sessionExpirySeconds,
      ingest,
      log,
    })
    Object.assign(state, {
      mode: 'external',
      reason: null,
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'mqtts:' ? 8883 : 1883,
      accounts,
    })
    return {
      stop: async () => {
        trust.stop()
        await batcher.drained()
        await subscriber.close()
        await accounts?.close()
      },
    }
  }
  try {
    const broker = await startEmbeddedBroker({
      host: config.host,
      port: config.port,
      authenticate: options.authenticate,
      ingest,
      counters: state.counters,
      log,
      watchCredentials: (onChange) => options.db.listen(DEVICE_CREDENTIALS_CHANGED, onChange),
    })
    Object.assign(state, { mode: 'embedded', reason: null, host: config.host, port: broker.port })
    return {
      stop: async () => {
        await batcher.drained()
        await broker.close()
      },
    }
  } catch (error) {
    Object.assign(state, mqttOff(describeListenError(error, config.host, config.port)))
    log.warn({ logger: 'mqtt', err: error }, `MQTT is off: ${state.reason}`)
    return { stop: async () => {} }
  }
}
