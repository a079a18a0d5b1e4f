import { timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import { HttpError, notFound } from '~/server/lib/http-errors.ts'
import { authenticateDevice } from '../devices/device-credentials.ts'
import { devicesRepository } from '../devices/devices-repository.ts'
import { deviceOfTopic, readingsTopic } from './topics.ts'

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The broker's callbacks carry MQTT_AUTH_SECRET; without one set on the server they are off. */
function checkBrokerSecret(request: FastifyRequest): void {
  const expected = request.server.config.mqtt.authSecret
  if (!expected)
    throw new HttpError(
      403,
      'MQTT broker callbacks are off: set MQTT_AUTH_SECRET on the server and send it in X-MQTT-Auth-Secret',
      'mqtt_auth_disabled',
    )
  const given = request.headers['x-mqtt-auth-secret']
  if (typeof given !== 'string' || !sameSecret(given, expected))
    throw new HttpError(401, 'Missing or wrong X-MQTT-Auth-Secret', 'mqtt_auth_secret')
}

/** MQTT_URL's own user name and password: the server's subscriber, allowed everything. */
function serviceAccount(request: FastifyRequest): { username: string; password: string } | null {
  const url = request.server.config.mqtt.url
  if (!url) return null
  const { username, password } = new URL(url)
  return username
    ? { username: decodeURIComponent(username), password: decodeURIComponent(password) }
    : null
}

/** Where the HTTP readings endpoint is, as devices reach this server. */
function publicOrigin(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`
}

/** A wildcard listen address is no place to connect to: devices use the console's host name. */
function brokerHost(request: FastifyRequest, host: string | null): string | null {
  if (host === null) return null
  if (host !== '0.0.0.0' && host !== '::') return host
  return new URL(publicOrigin(request)).hostname
}

export const mqttHandlers = {
  async getDeviceConnection(request, reply) {
    const id = request.params.id
    const device = await request.tx((tx) => devicesRepository(tx).find(request.scope, id))
    if (!device) throw notFound('Device')
    const state = request.server.mqtt
    return reply.code(200).send({
      device_id: id,
      mqtt: {
        enabled: state.mode !== 'off',
        mode: state.mode,
        reason: state.reason,
        host: brokerHost(request, state.host),
        port: state.port,
        topic: readingsTopic(id),
        username: id,
        qos: 1,
      },
      http: { readings_url: `${publicOrigin(request)}/api/v1/devices/${id}/readings` },
    })
  },

  async authenticateMqttClient(request, reply) {
    checkBrokerSecret(request)
    const { username, password } = request.body
    const service = serviceAccount(request)
    if (service && username === service.username) {
      const allowed = sameSecret(password, service.password)
      return reply.code(200).send({ result: allowed ? 'allow' : 'deny', is_superuser: allowed })
    }
    const device = await authenticateDevice(request.server.db, username, password)
    return reply.code(200).send({ result: device ? 'allow' : 'deny', is_superuser: false })
  },

  async authorizeMqttClient(request, reply) {
    checkBrokerSecret(request)
    const { username, topic, action } = request.body
    const service = serviceAccount(request)
    if (service && username === service.username) return reply.code(200).send({ result: 'allow' })
    const ownTopic = action === 'publish' && deviceOfTopic(topic) === username
    if (!ownTopic)
      request.log.warn(
        { logger: 'mqtt', device_id: username, topic, action },
        `Refused MQTT ${action} of device ${username} on ${topic}`,
      )
    return reply.code(200).send({ result: ownTopic ? 'allow' : 'deny' })
  },
} satisfies Pick<
  RouteHandlers,
  'getDeviceConnection' | 'authenticateMqttClient' | 'authorizeMqttClient'
>
