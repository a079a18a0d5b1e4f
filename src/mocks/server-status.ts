import type { ServerNotice } from '../api/__generated__/types.gen'
import { handleGetServerStatus } from '../api/__generated__/msw.gen'

/** The embedded database past its capacity, as the server words it (embedded-capacity.ts). */
export const embeddedCapacityNotice: ServerNotice = {
  id: 'embedded-capacity',
  severity: 'warning',
  title: 'The embedded database is past its capacity',
  detail:
    'This server runs on the embedded database (PGlite) and took 2,310 readings a second over the last minute (it carries about 1,000). Move to PostgreSQL: set DATABASE_URL (README, "For operators", PostgreSQL).',
}

export const brokerTrustNotice: ServerNotice = {
  id: 'broker-trust',
  severity: 'critical',
  title: 'The MQTT broker is not trusted',
  detail:
    'Devices connect to a broker whose certificate did not verify. Check MQTT_URL and its CA.',
}

export const infoNotice: ServerNotice = {
  id: 'demo-data',
  severity: 'info',
  title: 'Demo data',
  detail: 'This server was seeded with the demo tenant.',
}

/** GET /api/v1/server/status answering these notices (none by default). */
export const serverStatusHandlers = (notices: ServerNotice[] = []) => [
  handleGetServerStatus({ body: { notices } }),
]
