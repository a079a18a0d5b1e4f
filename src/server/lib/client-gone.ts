import type { IncomingMessage } from 'node:http'
import type { Tx } from '../db/database.ts'
import { HttpError } from './http-errors.ts'

/**
 * The client closed its connection before the answer (the console cancels a query when the user
 * leaves the view). 499 is nginx's "client closed request": nobody reads it, and it is logged as
 * an ordinary request, not as a server error.
 */
export const clientClosed = () =>
  new HttpError(499, 'Client closed the request', 'client_closed_request')

/**
 * `tx` whose statements refuse to start once the client has gone: a cancelled call stops at its
 * next statement and its transaction rolls back, instead of computing an answer for no one.
 */
export function untilClientLeaves(tx: Tx, request: { raw: IncomingMessage }): Tx {
  // The connection, not the request stream: a POST's stream is destroyed once its body is read,
  // while its client still waits for the answer.
  const check = () => {
    if (request.raw.socket?.destroyed) throw clientClosed()
  }
  return {
    async query<R>(sql: string, params?: readonly unknown[]) {
      check()
      return tx.query<R>(sql, params)
    },
    async exec(sql: string) {
      check()
      return tx.exec(sql)
    },
  }
}
