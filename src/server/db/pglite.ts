import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { lockDataDir } from './data-dir-lock.ts'
import {
  assertStandardStrings,
  type Database,
  type DbScope,
  executeText,
  type QueryResult,
  type Statement,
  statementName,
  type Tx,
  tenantPrologue,
  timed,
} from './database.ts'

interface WorkerResult {
  rows: unknown[]
  affectedRows?: number
}

/** The PGlite thread, called like a function: one message out, its answer back. */
class PgliteThread {
  readonly #worker: Worker
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>()
  readonly #subscriptions = new Map<number, (payload?: string) => void>()
  #next = 0
  readonly ready: Promise<void>

  constructor(dir: string | undefined) {
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dir },
    })
    this.ready = new Promise((resolve, reject) => {
      this.#worker.once('error', reject)
      // The thread's first message is always { ready }.
      this.#worker.once('message', () => resolve())
    })
    this.#worker.on('message', (message) => this.#receive(message))
    // A crashed or stopped thread fails every call in flight rather than leaving it waiting.
    this.#worker.on('error', (error) => this.#failAll(error))
    this.#worker.on('exit', () => {
      this.#exited = true
      this.#failAll(new Error('The database is closed'))
    })
  }

  #exited = false

  #failAll(error: unknown) {
    for (const { reject } of this.#pending.values()) reject(error)
    this.#pending.clear()
  }

  #receive(message: {
    id?: number
    result?: unknown
    error?: { message: string }
    notify?: number
    payload?: string
  }) {
    if (message.notify !== undefined)
      return this.#subscriptions.get(message.notify)?.(message.payload)
    if (message.id === undefined) return
    const call = this.#pending.get(message.id)
    this.#pending.delete(message.id)
    if (message.error) call?.reject(Object.assign(new Error(message.error.message), message.error))
    else call?.resolve(message.result)
  }

  call<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    if (this.#exited) return Promise.reject(new Error('The database is closed'))
    return new Promise((resolve, reject) => {
      const id = this.#next++
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      this.#worker.postMessage({ id, op, ...args })
    })
  }

  async listen(channel: string, onChange: (payload?: string) => void): Promise<number> {
    const subscription = this.#next++
    this.#subscriptions.set(subscription, onChange)
    await this.call('listen', { channel, subscription })
    return subscription
  }

  async unlisten(subscription: number): Promise<void> {
    this.#subscriptions.delete(subscription)
    await this.call('unlisten', { subscription })
  }

  terminate(): Promise<number> {
    return this.#worker.terminate()
  }
}

/** Statements on the thread, outside a transaction or inside transaction `tx`. */
function wrap(thread: PgliteThread, tx?: number): Tx {
  return {
    async exec(sql: string) {
      await timed(sql, () => thread.call('exec', { sql, tx }))
    },
    async query<R>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const result = await timed(sql, () => thread.call<WorkerResult>('query', { sql, params, tx }))
      return { rows: result.rows as R[], rowCount: result.affectedRows ?? result.rows.length }
    },
  }
}

/**
 * PGlite: PostgreSQL compiled to WebAssembly, in this process, data on disk. It runs on a worker
 * thread of its own: its statements are synchronous WebAssembly, and on the main thread every
 * long ingest or report would stall every request. It has one connection, so statements and
 * transactions are serialised by PGlite's own lock; it connects as a superuser, so tenant
 * transactions switch to `app_user` for row-level security to apply.
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let release = () => {}
  let dir: string | undefined
  if (dataDir !== undefined) {
    release = lockDataDir(dataDir)
    dir = path.join(dataDir, 'pglite')
    fs.mkdirSync(path.dirname(dir), { recursive: true })
  }
  const thread = new PgliteThread(dir)
  try {
    await thread.ready
  } catch (error) {
    await thread.terminate()
    release()
    throw error
  }
  const plain = wrap(thread)
  // Hour and day arithmetic in SQL is UTC unless a query names a zone.
  await plain.exec("SET TimeZone TO 'UTC'")
  await assertStandardStrings(plain)
  // One connection: a statement prepared once serves every later request.
  const prepared = new Set<string>()
  let closed = false
  return {
    kind: 'pglite',
    query: plain.query,
    exec: plain.exec,
    readOne<R>(scope: DbScope, statement: Statement): Promise<R[]> {
      const text = executeText(scope, statement)
      return timed(statement.sql, async () => {
        const name = statementName(statement.sql)
        if (!prepared.has(name)) {
          await thread.call('exec', { sql: `PREPARE ${name} AS ${statement.sql}` })
          prepared.add(name)
        }
        const results = await thread.call<WorkerResult[]>('exec', { sql: text })
        return results.at(-1)!.rows as R[]
      })
    },
    async listen(channel: string, onChange: (payload?: string) => void) {
      const subscription = await thread.listen(channel, onChange)
      return {
        active: true,
        close: async () => {
          if (!closed) await thread.unlisten(subscription)
        },
      }
    },
    async transaction<T>(scope: DbScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
      const prologue = tenantPrologue(scope)
      const id = await thread.call<number>('begin')
      const tx = wrap(thread, id)
      let result: T
      try {
        // Not timed: the profile shows the statements a handler runs, not the scope's setup.
        if (prologue) await thread.call('exec', { sql: prologue, tx: id })
        result = await fn(tx)
      } catch (error) {
        await thread.call('rollback', { tx: id })
        throw error
      }
      await thread.call('commit', { tx: id })
      return result
    },
    async close() {
      if (closed) return
      closed = true
      try {
        await thread.call('close')
        await thread.terminate()
      } finally {
        release()
      }
    },
  }
}
