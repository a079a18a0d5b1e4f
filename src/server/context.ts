import type { Config } from './config.ts'
import type { Database, DbScope, Role, Statement, Tx } from './db/database.ts'
import type { Logs } from './logging.ts'
import type { LoginThrottle } from './plugins/login-throttle.ts'

/**
 * Who is calling (DESIGN.md "Three kinds of caller"), resolved in one place (plugins/session-auth.ts):
 * - `person`: a signed-in user (session cookies);
 * - `service`: an API key (`Authorization: Bearer mdk_...`), acting with the key's role and group
 *   on behalf of the account that created it (`id`, `email`: that account; `fullName`: the key's
 *   name, so what it writes is attributed to the key);
 * - `device`: a device token, which may only push its own device's readings (`id`: the device;
 *   role `user` in the device's group, the least a tenant transaction can run as).
 * Row-level security applies to all three alike (`dbScope`).
 */
export type ActorKind = 'person' | 'service' | 'device'

/** The caller of a request, as checked against the database on every request (or the session cache). */
export interface Actor {
  kind: ActorKind
  id: string
  email: string
  fullName: string | null
  role: Role
  groupId: string | null
  createdAt: Date
  /**
   * What the credential is: the session (refresh token family) of a person's access token, the
   * API key's id, or the device's id. Per-credential limits key on it.
   */
  sessionId: string
}

/**
 * Which tenant data a request acts on. USER and ADMIN: their group (none if unassigned).
 * DEVELOPER and SUPERUSER: the group of X-Group-ID when the operation takes it, otherwise all.
 */
export type TenantScope = { all: true } | { all: false; groupId: string | null }

export const isElevated = (role: Role) => role === 'developer' || role === 'superuser'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Database
    logs: Logs
    loginThrottle: LoginThrottle
    sessionSecret: Buffer
  }
  interface FastifyRequest {
    actor: Actor | null
    scope: TenantScope
    /** Runs `fn` in one transaction under the request's tenant scope (row-level security on). */
    tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>
    /**
     * Same, for an elevated actor acting outside the group header (a device moved to another
     * group, a user created in a named group): `'all'` or a group id.
     */
    txAs<T>(target: 'all' | string, fn: (tx: Tx) => Promise<T>): Promise<T>
    /** One read-only statement under the request's tenant scope, in one round trip (hot reads). */
    readOne<R>(statement: Statement): Promise<R[]>
  }
}

export function dbScope(actor: Actor, scope: TenantScope): DbScope {
  return {
    kind: 'tenant',
    groupId: scope.all ? null : scope.groupId,
    all: scope.all,
    userId: actor.id,
    role: actor.role,
  }
}
