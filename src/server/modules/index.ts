import type { RouteHandlers } from '../../api/__generated__/fastify.gen.ts'
import { authHandlers } from './auth/handlers.ts'
import { consumptionHandlers } from './consumption/handlers.ts'
import { debugHandlers } from './debug/handlers.ts'
import { devicesHandlers } from './devices/handlers.ts'
import { groupsHandlers } from './groups/handlers.ts'
import { notificationsHandlers, rulesHandlers } from './notifications/handlers.ts'
import { meHandlers } from './preferences/handlers.ts'
import { readingsHandlers } from './readings/handlers.ts'
import { reportsHandlers } from './reports/handlers.ts'
import { tenantsHandlers } from './tenants/handlers.ts'
import { usersHandlers } from './users/handlers.ts'

/**
 * Every operation of openapi.yaml, keyed by operationId: fastify-openapi-glue registers each
 * route with its schemas and this handler. `satisfies RouteHandlers` fails the type check when an
 * operation has no handler or a handler answers the wrong shape.
 */
export const handlers = {
  ...authHandlers,
  ...usersHandlers,
  ...meHandlers,
  ...groupsHandlers,
  ...tenantsHandlers,
  ...devicesHandlers,
  ...readingsHandlers,
  ...consumptionHandlers,
  ...reportsHandlers,
  ...debugHandlers,
  ...notificationsHandlers,
  ...rulesHandlers,
} satisfies RouteHandlers
