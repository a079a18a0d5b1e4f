import net from 'node:net'
import { Aedes, type AuthenticateError, type Client } from 'aedes'
import type { Logger } from 'pino'
import type { Subscription } from '~/server/db/database.ts'
import type { MessageIngest, MqttCounters } from './message-ingest.ts'
import { deviceOfTopic } from './topics.ts'

/** The device a token belongs to, or null (modules/devices/device-credentials.ts). */
export type AuthenticateDevice = (
  deviceId: string,
  token: string,
) => Promise<{ deviceId: string; groupId: string } | null>

export interface EmbeddedBrokerOptions {
  host: string
  port: number
  authenticate: AuthenticateDevice
  ingest: MessageIngest
  counters: MqttCounters
  log: Logger
  /**
   * A connected device's token is checked again before a publish once this old, in case a change
   * announcement was missed. @default 10000
   */
  recheckMs?: number
  /**
   * Calls back with a device id when its token is rotated or revoked on any replica (undefined:
   * announcements may have been missed); its live connections are then checked at once.
   */
  watchCredentials?: (onChange: (deviceId?: string) => void) => Promise<Subscription>
}

export interface EmbeddedBroker {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number
  close(): Promise<void>
}

interface Session {
  deviceId: string
  token: string
  checkedAt: number
}

const BAD_USERNAME_OR_PASSWORD = 4
const SERVER_UNAVAILABLE = 3

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError
}

/**
 * The MQTT broker inside the server (Aedes, MQTT 3.1.1): a device connects with its id as user
 * name and its token as password, and may publish only to its own readings topic. Aedes sends a
 * QoS 1 PUBACK after `authorizePublish` calls back (lib/handlers/publish.js: authorize, then
 * PUBACK, then route), so the readings are ingested there and the callback waits for their
 * commit: a PUBACK means stored. Refusing a publish closes the connection (MQTT 3.1.1 has no
 * negative PUBACK): that is what another device's topic and a failed batch get (the device
 * reconnects and sends the message again); a malformed payload is acknowledged unstored instead,
 * as it could never be stored. Devices may not subscribe: there is nothing for them to receive.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { authenticate, ingest, counters, log } = options
  const recheckMs = options.recheckMs ?? 10_000
  /** The connected devices: forgotten when they disconnect. */
  const sessions = new Map<Client, Session>()

  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (!username || !password) {
        return done(
          authError(
            'User name (device id) and password (token) required',
            BAD_USERNAME_OR_PASSWORD,
          ),
          null,
        )
      }
      const token = password.toString('utf8')
      authenticate(username, token).then(
        (device) => {
          if (!device) {
            log.warn(
              { logger: 'mqtt', device_id: username, client_id: client.id },
              `MQTT connection refused: wrong device id or token (${username})`,
            )
            return done(authError('Bad device id or token', BAD_USERNAME_OR_PASSWORD), null)
          }
          sessions.set(client, { deviceId: device.deviceId, token, checkedAt: Date.now() })
          client.conn.once('close', () => sessions.delete(client))
          done(null, true)
        },
        (error: unknown) => {
          log.error({ logger: 'mqtt', err: error }, 'MQTT authentication failed')
          done(authError('Authentication unavailable', SERVER_UNAVAILABLE), null)
        },
      )
    },
    authorizePublish: (client, packet, callback) => {
      const session = client && sessions.get(client)
      if (!session) return callback(new Error('Not authenticated'))
      if (deviceOfTopic(packet.topic) !== session.deviceId) {
        counters.wrongTopic++
        log.warn(
          { logger: 'mqtt', device_id: session.deviceId, topic: packet.topic },
          `Refused an MQTT publish of device ${session.deviceId} to ${packet.topic}: a device publishes only to its own readings topic`,
        )
        return callback(new Error('A device publishes only to its own readings topic'))
      }
      // Nothing is kept for later subscribers: readings live in the database.
      packet.retain = false
      stillValid(session)
        .then(async (valid) => {
          if (!valid) throw new Error('The device token was rotated or revoked')
          await ingest(session.deviceId, packet.topic, packet.payload as Buffer)
        })
        .then(
          () => callback(null),
          (error: Error) => callback(error),
        )
    },
    authorizeSubscribe: (_client, _subscription, callback) => callback(null, null),
  })

  async function stillValid(session: Session): Promise<boolean> {
    if (Date.now() - session.checkedAt < recheckMs) return true
    const device = await authenticate(session.deviceId, session.token)
    session.checkedAt = Date.now()
    return device !== null
  }

  /** Ends the connections of a device whose token no longer holds; undefined: recheck them all. */
  function credentialsChanged(deviceId?: string) {
    for (const [client, session] of sessions) {
      if (deviceId !== undefined && session.deviceId !== deviceId) continue
      session.checkedAt = 0
      if (deviceId === undefined) continue
      stillValid(session).then(
        (valid) => {
          if (valid) return
          log.info(
            { logger: 'mqtt', device_id: session.deviceId, client_id: client.id },
            `Closed the MQTT connection of device ${session.deviceId}: its token was rotated or revoked`,
          )
          client.close()
        },
        (error: unknown) => log.error({ logger: 'mqtt', err: error }, 'MQTT token recheck failed'),
      )
    }
  }
  const credentialWatch = await options.watchCredentials?.(credentialsChanged)

  broker.on('clientError', (client, error) => {
    log.debug({ logger: 'mqtt', client_id: client.id, err: error }, 'MQTT client error')
  })

  const server = net.createServer(broker.handle)
  const sockets = new Set<net.Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port, options.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    await credentialWatch?.close()
    await new Promise<void>((resolve) => broker.close(() => resolve()))
    throw error
  }
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        void credentialWatch?.close()
        server.close()
        broker.close(() => {
          for (const socket of sockets) socket.destroy()
          resolve()
        })
      }),
  }
}
