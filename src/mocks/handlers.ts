import { HttpResponse, delay, http } from 'msw'
import {
  handleGetCurrentUser,
  handleListDevices,
  handleListGroups,
  handleListUsers,
  handleLogout,
  handleRefreshSession,
} from '../api/__generated__/msw.gen'
import { billingHandlers } from './billing'
import { serverStatusHandlers } from './server-status'
import { devices, groups, page, users } from './fixtures'

/**
 * The base mock API, keyed by area so a story overrides one area:
 * `parameters: { msw: { handlers: { ...baseHandlers, devices: [handleListDevices(...)] } } }`.
 */
export const baseHandlers = {
  auth: [
    handleGetCurrentUser({ body: { ...users[2]!, kind: 'user' } }),
    handleRefreshSession({ body: { user: users[2]! } }),
    handleLogout(() => new HttpResponse(null, { status: 204 })),
  ],
  groups: [handleListGroups({ body: page(groups) })],
  users: [handleListUsers({ body: page(users) })],
  devices: [handleListDevices({ body: page(devices) })],
  billing: billingHandlers(),
  serverStatus: serverStatusHandlers(),
}

/** Answers never: for Loading stories. */
export const pending = (path: string) => http.all(`*${path}`, async () => delay('infinite'))

/** A server error in the shape of spec §8. */
export const failing = (path: string, status = 500, detail = 'Internal error while loading data') =>
  http.all(`*${path}`, () => HttpResponse.json({ detail }, { status }))
