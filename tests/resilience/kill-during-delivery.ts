/**
 * kill -9 of the server while the outbox worker sends webhooks: deliveries are queued while the
 * server is down, the server starts and sends them to a local receiver that answers slowly, is
 * killed mid-send, and starts again on the same data. Every delivery must arrive (by its
 * `webhook-id`, signed as Standard Webhooks says), none may arrive that was not queued, and the
 * database must say each was sent. A delivery in flight at the kill may arrive twice under the
 * same `webhook-id` (the receiver de-duplicates): those are counted, never a second id.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { Webhook } from 'standardwebhooks'
import { freshDatabase, spawnServer, type ServerDatabase } from '../e2e/support/server'
import { Client, resilienceEnv, sleep } from './harness'

export interface DeliveryKillReport {
  database: 'pglite' | 'postgres'
  queued: number
  /** Distinct webhook-ids that arrived with a valid signature. */
  arrived: number
  /** Arrivals of an id already seen (a send in flight at the kill, sent again). */
  repeated: number
  badSignatures: number
  unexpected: number
  /** Rows the database says were sent. */
  sentRows: number
}

/** One statement on the server's database while no server holds it (PGlite is single-process). */
async function onStoppedDatabase<R>(database: ServerDatabase, sql: string, params: unknown[]) {
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.databaseUrl })
    await client.connect()
    try {
      return (await client.query(sql, params)).rows as R[]
    } finally {
      await client.end()
    }
  }
  const db = await PGlite.create(path.join(database.dataDir, 'pglite'))
  try {
    return (await db.query<R>(sql, params)).rows
  } finally {
    await db.close()
  }
}

/** A receiver that takes `delayMs` per request and records every request's id. */
async function startReceiver(secret: () => string, delayMs: number) {
  const seen = new Map<string, number>()
  let badSignatures = 0
  let onArrival: (() => void) | undefined
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      try {
        new Webhook(secret()).verify(body, request.headers as Record<string, string>)
        const id = String(request.headers['webhook-id'])
        seen.set(id, (seen.get(id) ?? 0) + 1)
      } catch {
        badSignatures++
      }
      setTimeout(() => {
        response.writeHead(200).end()
        onArrival?.()
      }, delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    badSignatures: () => badSignatures,
    /** Resolves once `n` distinct ids have arrived (bounded by `timeoutMs`). */
    async distinct(n: number, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs
      while (seen.size < n) {
        if (Date.now() > deadline) throw new Error(`only ${seen.size} of ${n} webhooks arrived`)
        await new Promise<void>((resolve) => {
          onArrival = resolve
          setTimeout(resolve, 1_000)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Resolves once the channel lists `n` deliveries, all sent (bounded: 60 s). */
async function allSent(client: Client, channelId: string, n: number) {
  await client.signIn()
  const deadline = Date.now() + 60_000
  for (;;) {
    const answer = await client.request(
      'GET',
      `/api/v1/notifications/channels/${channelId}/deliveries?limit=200`,
    )
    const items: { status: string }[] = JSON.parse(answer.body).items ?? []
    if (items.filter((d) => d.status === 'sent').length >= n) return
    if (Date.now() > deadline)
      throw new Error(`deliveries not all sent: ${answer.body.slice(0, 300)}`)
    await sleep(250)
  }
}

export async function killDuringDelivery(
  options: { postgresUrl?: string; queued?: number } = {},
): Promise<DeliveryKillReport> {
  const queued = options.queued ?? 40
  const database = await freshDatabase(options.postgresUrl)
  let secret = ''
  const receiver = await startReceiver(() => secret, 150)
  const env = { ...resilienceEnv, RULES_EVALUATOR: '0' }
  try {
    // 1. A webhook channel through the API (the secret is shown once, here).
    let server = await spawnServer(database, { env, apiOnly: true })
    const client = new Client(server.url)
    await client.signIn()
    const me = JSON.parse((await client.request('GET', '/api/v1/users/me')).body)
    const groups = JSON.parse((await client.request('GET', '/api/v1/groups/?limit=5')).body)
    const groupId: string = me.group_id ?? groups.items[0].id
    const created = await client.request(
      'POST',
      '/api/v1/notifications/channels',
      JSON.stringify({
        group_id: groupId,
        type: 'webhook',
        name: 'Receiver',
        url: `http://127.0.0.1:${receiver.port}/hooks`,
      }),
    )
    if (created.status !== 201) throw new Error(`channel: ${created.status} ${created.body}`)
    const channel = JSON.parse(created.body)
    secret = channel.secret
    client.agent.destroy()
    await server.stop()

    // 2. Deliveries queued while the server is down, as a raise would have queued them.
    const ids = Array.from({ length: queued }, () => `msg_${randomUUID().replaceAll('-', '')}`)
    const payload = {
      type: 'channel.test',
      timestamp: new Date().toISOString(),
      data: {
        group_id: groupId,
        channel_id: channel.id,
        message: 'Queued',
        alarm: null,
        device: null,
      },
    }
    await onStoppedDatabase(
      database,
      `INSERT INTO channel_deliveries (group_id, channel_id, event, payload, webhook_id)
       SELECT $1, $2, 'raise', $3::jsonb, id FROM unnest($4::text[]) AS id`,
      [groupId, channel.id, JSON.stringify(payload), ids],
    )

    // 3. Start, kill -9 once some have arrived (others are in flight), start again.
    server = await spawnServer(database, { env, apiOnly: true })
    await receiver.distinct(Math.ceil(queued / 4), 60_000)
    server.child.kill('SIGKILL')
    await server.exited
    server = await spawnServer(database, { env, apiOnly: true })
    await receiver.distinct(queued, 120_000)
    // The last answers are still on their way back to the worker: wait until the channel's
    // deliveries all say sent, then stop and read the rows themselves.
    await allSent(new Client(server.url), channel.id, queued)
    await server.stop()
    const rows = await onStoppedDatabase<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM channel_deliveries WHERE status = 'sent' AND webhook_id = ANY ($1::text[])`,
      [ids],
    )
    const expected = new Set(ids)
    return {
      database: database.kind,
      queued,
      arrived: [...receiver.seen.keys()].filter((id) => expected.has(id)).length,
      repeated: [...receiver.seen.values()].reduce((sum, n) => sum + n - 1, 0),
      badSignatures: receiver.badSignatures(),
      unexpected: [...receiver.seen.keys()].filter((id) => !expected.has(id)).length,
      sentRows: rows[0]!.n,
    }
  } finally {
    await receiver.close()
    await database.dispose()
  }
}
