import { REQUEST_ID_HEADER, client, postFrontendLogs, skipAuthRedirect } from '~/api'
import { startLogShipper, type SendLogs } from '~/lib/log-shipper'
import type { LogBuffer } from '~/lib/logger'

const PATH = '/api/v1/debug/frontend-logs'

/**
 * The last batch, as the page goes away: the configured client awaits its interceptors and buffers
 * the body before it fetches, and an unloading page never gets that far (seen in Chromium), so this
 * request starts at once, with the same cookies and request id header, and `keepalive` so it
 * outlives the page.
 */
async function sendOnLeave(entries: Parameters<SendLogs>[0]) {
  const response = await fetch(client.buildUrl({ url: PATH }), {
    method: 'POST',
    keepalive: true,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', [REQUEST_ID_HEADER]: crypto.randomUUID() },
    body: JSON.stringify({ entries }),
  })
  return response.status
}

/**
 * One batch through the configured client (one silent refresh on a 401), with no trip to the login
 * page when the session is gone: a log shipment must never move the user.
 */
const sendFrontendLogs: SendLogs = async (entries, { keepalive }) => {
  if (keepalive) return sendOnLeave(entries)
  const { response } = await postFrontendLogs({ body: { entries }, ...skipAuthRedirect })
  if (!response) throw new Error('No answer from the log endpoint')
  return response.status
}

/** Ships the console's log to the server's frontend log, read back by the debug log viewer. */
export const shipFrontendLogs = (logs: LogBuffer) =>
  startLogShipper({ buffer: logs, send: sendFrontendLogs })
