import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import { isElevated } from '~/server/context.ts'
import { audit } from '~/server/lib/audit.ts'
import { hashPassword } from '../auth/passwords.ts'
import { assertTimeZone } from '../groups/handlers.ts'
import { setUpTenant, tenantConflict } from './tenants-service.ts'

export const tenantsHandlers = {
  /** Group, first admin, starter rules and settings in one transaction: all of it or nothing. */
  async createTenant(request, reply) {
    const body = request.body
    assertTimeZone(body.group.timezone, ['body', 'group', 'timezone'])
    assertTimeZone(body.settings?.timezone, ['body', 'settings', 'timezone'])
    // Hashing takes a while: never inside the transaction (PGlite serialises all of them).
    const passwordHash = await hashPassword(body.admin.password, request.server.config.scryptLogN)
    const created = await request
      .txAs('all', (tx) => setUpTenant(tx, body, passwordHash, request.actor!.id))
      .catch((error: unknown) =>
        Promise.reject(tenantConflict(error, body, isElevated(request.actor!.role))),
      )
    const ids = { group_id: created.group.id, admin_id: created.admin.id }
    audit(request, 'tenant.create', ids, `Set up tenant ${created.group.name}`)
    return reply.code(201).send(created)
  },
} satisfies Pick<RouteHandlers, 'createTenant'>
