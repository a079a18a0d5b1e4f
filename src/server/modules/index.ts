import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import { apiKeysHandlers } from './api-keys/handlers.ts'
import { authHandlers } from './auth/handlers.ts'
import { billingHandlers } from './billing/handlers.ts'
import { consumptionHandlers } from './consumption/handlers.ts'
import { debugHandlers } from './debug/handlers.ts'
import { eventsHandlers } from './events/handlers.ts'
import { deviceCredentialsHandlers } from './devices/device-credentials-handlers.ts'
import { devicesHandlers } from './devices/handlers.ts'
import { groupsHandlers } from './groups/handlers.ts'
import { alarmsHandlers } from './notifications/alarm-handlers.ts'
import { channelsHandlers } from './notifications/channel-handlers.ts'
import { notificationsHandlers, rulesHandlers } from './notifications/handlers.ts'
import { mqttHandlers } from './mqtt/handlers.ts'
import { meHandlers } from './preferences/handlers.ts'
import { readingsHandlers } from './readings/handlers.ts'
import { reportsHandlers } from './reports/handlers.ts'
import { serverStatusHandlers } from './server-status/handlers.ts'
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
  ...billingHandlers,
  ...tenantsHandlers,
  ...devicesHandlers,
  ...deviceCredentialsHandlers,
  ...readingsHandlers,
  ...consumptionHandlers,
  ...reportsHandlers,
  ...debugHandlers,
  ...serverStatusHandlers,
  ...notificationsHandlers,
  ...rulesHandlers,
  ...apiKeysHandlers,
  ...mqttHandlers,
  ...alarmsHandlers,
  ...channelsHandlers,
  ...eventsHandlers,
} satisfies RouteHandlers
