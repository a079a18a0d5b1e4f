// PGlite's own thread (see pglite.ts). Plain JavaScript: a worker thread gets no TypeScript loader.
// Messages: { id, op, ...args } in; { id, result } or { id, error } out, { notify, payload } for
// a subscription's NOTIFY, and { ready } once.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

/** What a PostgreSQL error carries that the server reads (the code maps it to an HTTP answer). */
const ERROR_FIELDS = ['name', 'code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema']

const plainError = (error) => {
  const plain = { message: error instanceof Error ? error.message : String(error) }
  for (const field of ERROR_FIELDS) if (error?.[field] !== undefined) plain[field] = error[field]
  return plain
}

const plainResult = (result) => ({ rows: result.rows, affectedRows: result.affectedRows })

const pg = await PGlite.create(workerData.dir)
/** Open transactions: the callback PGlite holds its lock for, ended by commit or rollback. */
const transactions = new Map()
const unlisteners = new Map()
let nextTransaction = 0

const targetOf = (message) => (message.tx === undefined ? pg : transactions.get(message.tx).tx)

function begin() {
  return new Promise((opened) => {
    const id = nextTransaction++
    let end
    const ended = new Promise((resolve, reject) => (end = { resolve, reject }))
    const done = pg
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, done })
        opened(id)
        await ended
      })
      .finally(() => transactions.delete(id))
    // A rollback rejects `done` on purpose; whoever ends the transaction reads the outcome.
    done.catch(() => {})
  })
}

async function end(id, commit) {
  const { end, done } = transactions.get(id)
  if (commit) end.resolve()
  else end.reject(Object.assign(new Error('rollback'), { rollback: true }))
  await done.catch((error) => {
    if (!error?.rollback) throw error
  })
}

const operations = {
  query: (m) => targetOf(m).query(m.sql, m.params).then(plainResult),
  exec: (m) =>
    targetOf(m)
      .exec(m.sql)
      .then((results) => results.map(plainResult)),
  begin,
  commit: (m) => end(m.tx, true),
  rollback: (m) => end(m.tx, false),
  async listen(m) {
    const notify = (payload) => parentPort.postMessage({ notify: m.subscription, payload })
    unlisteners.set(m.subscription, await pg.listen(m.channel, notify))
  },
  async unlisten(m) {
    await unlisteners.get(m.subscription)?.()
    unlisteners.delete(m.subscription)
  },
  close: () => pg.close(),
}

parentPort.on('message', async (message) => {
  try {
    parentPort.postMessage({ id: message.id, result: await operations[message.op](message) })
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: plainError(error) })
  }
})
parentPort.postMessage({ ready: true })
