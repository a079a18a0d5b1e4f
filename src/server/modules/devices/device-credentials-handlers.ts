import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import { audit } from '~/server/lib/audit.ts'
import { notFound } from '~/server/lib/http-errors.ts'
import { deviceCredentialsRepository, newDeviceToken } from './device-credentials.ts'

export const deviceCredentialsHandlers = {
  /** Creates or rotates: the old token's hash is overwritten in the same statement. */
  async createDeviceCredentials(request, reply) {
    const { id } = request.params
    const { token, hash } = newDeviceToken()
    const issued = await request.tx((tx) =>
      deviceCredentialsRepository(tx).issue(id, hash, request.actor!.id),
    )
    if (!issued) throw notFound('Device')
    // An external Mosquitto with dynamic security takes the token too (never fails the request:
    // a push that fails is logged, and the broker's reconcile removes the stale password).
    await request.server.mqtt.accounts?.issued(id, token)
    audit(request, 'device.credentials.issue', { device_id: id }, `Issued a token for device ${id}`)
    return reply.code(201).send({ token })
  },

  async deleteDeviceCredentials(request, reply) {
    const { id } = request.params
    const revoked = await request.tx((tx) => deviceCredentialsRepository(tx).revoke(id))
    if (!revoked) throw notFound('Device token')
    audit(request, 'device.credentials.revoke', { device_id: id }, `Revoked device ${id}'s token`)
    return reply.code(204).send()
  },
} satisfies Pick<RouteHandlers, 'createDeviceCredentials' | 'deleteDeviceCredentials'>
