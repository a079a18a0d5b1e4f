import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'

export const serverStatusHandlers = {
  /** Admins and above (permissions.ts): the notices every registered source gives now. */
  async getServerStatus(request, reply) {
    return reply.code(200).send({ notices: await request.server.notices.list() })
  },
} satisfies Pick<RouteHandlers, 'getServerStatus'>
