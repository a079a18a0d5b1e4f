import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { queryLog, type QueryTiming } from '../db/database.ts'
import fp from 'fastify-plugin'

export const PROFILED_MEDIA_TYPE = 'application/vnd.console.profiled+json'

interface StepRecord {
  /** Named after its parent when nested: `load readings / parse`. */
  name: string
  details: string | null
  started: number
  duration: number
  queries: QueryTiming[]
  nested: boolean
}

interface ProfileRun {
  started: number
  heapBefore: number
  /** Statements outside any step: session lookup, transaction statements, unwrapped work. */
  loose: QueryTiming[]
  steps: StepRecord[]
}

/**
 * Which run (and, inside a step, which step) a statement list belongs to. The lists are the
 * `queryLog` stores, so a step finds its run from the store it runs in, without a second
 * AsyncLocalStorage.
 */
const owners = new WeakMap<QueryTiming[], { run: ProfileRun; step?: StepRecord }>()
const runs = new WeakMap<FastifyRequest, ProfileRun>()
const round = (n: number) => Math.round(n * 100) / 100
/**
 * `profile=true` on an operation whose contract declares `profile`. Elsewhere it is an unknown
 * query parameter and, like any other, changes nothing: no profile, and no 403 the contract does
 * not list for that operation.
 */
export const wantsProfile = (request: FastifyRequest) => {
  const query = request.routeOptions.schema?.querystring as
    { properties?: Record<string, unknown> } | undefined
  if (!query?.properties?.profile) return false
  const profile = (request.query as Record<string, unknown> | undefined)?.profile
  return profile === true || profile === 'true'
}

/**
 * A named phase of a profiled request: `fn` runs with its own statement list, so the step shows
 * the SQL it ran, its duration and its time outside SQL. `details` may be computed from the
 * result (`(rows) => \`${rows.length} readings\``). Steps may run in parallel; a nested step's
 * statements count in its parent too. Not profiling (no store): `fn` is simply called.
 *
 *   const visible = await step('authorize', 'device in scope', () => repo.deviceVisible(...))
 */
export async function step<T>(
  name: string,
  details: string | null | ((result: T) => string),
  fn: () => T | Promise<T>,
): Promise<T> {
  const store = queryLog.getStore()
  const owner = store && owners.get(store)
  if (!owner) return fn()
  const record: StepRecord = {
    name: owner.step ? `${owner.step.name} / ${name}` : name,
    details: null,
    started: performance.now(),
    duration: 0,
    queries: [],
    nested: owner.step !== undefined,
  }
  owners.set(record.queries, { run: owner.run, step: record })
  owner.run.steps.push(record)
  try {
    const result = await queryLog.run(record.queries, fn)
    record.details = typeof details === 'function' ? details(result) : details
    return result
  } finally {
    record.duration = performance.now() - record.started
    if (owner.step) owner.step.queries.push(...record.queries)
  }
}

function stepOut(name: string, details: string | null, duration: number, queries: QueryTiming[]) {
  const sql = queries.reduce((sum, q) => sum + q.duration_ms, 0)
  return {
    name,
    details,
    duration_ms: round(duration),
    query_count: queries.length,
    queries: queries.map((q) => q.query),
    query_timings: queries.map((q) => ({ query: q.query, duration_ms: round(q.duration_ms) })),
    // The contract keeps the spec's name: time outside SQL (here JavaScript, not Python).
    python_execution_ms: round(Math.max(0, duration - sql)),
  }
}

/**
 * The profile of spec §3. The named steps come in the order they started, after a first step
 * for the rest of the request (authentication, transaction statements, serialisation). A
 * handler without steps gets one step for the whole request, named after its route.
 */
function buildProfile(request: FastifyRequest, run: ProfileRun) {
  const total = performance.now() - run.started
  const route = request.routeOptions.url ?? 'request'
  const where = `${request.method} ${request.url.split('?')[0]}`
  // Top-level steps only: a nested step's time and statements are inside its parent's already.
  const top = run.steps.filter((s) => !s.nested)
  const stepped = top.reduce((sum, s) => sum + s.duration, 0)
  const rest =
    run.steps.length === 0
      ? stepOut(route, where, total, run.loose)
      : stepOut(
          'request',
          `${where}: outside the named steps`,
          Math.max(0, total - stepped),
          run.loose,
        )
  const steps = [...run.steps]
    .sort((a, b) => a.started - b.started)
    .map((s) => stepOut(s.name, s.details, s.duration, s.queries))
  return {
    total_duration_ms: round(total),
    total_db_queries: run.loose.length + top.reduce((sum, s) => sum + s.queries.length, 0),
    memory_delta_mb: round((process.memoryUsage().heapUsed - run.heapBefore) / 1024 / 1024),
    steps: [rest, ...steps],
  }
}

/**
 * `profile=true` (developers only: the permission check refuses others) records every SQL
 * statement of the request through AsyncLocalStorage, grouped by `step()`, and answers
 * `{ data, profile }` in the profiled media type. Without it nothing is recorded: `timed()`
 * and `step()` cost one `getStore()` each.
 */
export const profiler = fp(
  async function profiler(app: FastifyInstance) {
    // A callback hook: the rest of the request's chain runs inside `run`, so it sees the store,
    // and the caller's context is left as it was (`enterWith` would leak the store into it).
    app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      if (!wantsProfile(request)) return done()
      const run: ProfileRun = {
        started: performance.now(),
        heapBefore: process.memoryUsage().heapUsed,
        loose: [],
        steps: [],
      }
      runs.set(request, run)
      owners.set(run.loose, { run })
      queryLog.run(run.loose, done)
    })
    app.addHook(
      'preSerialization',
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const run = runs.get(request)
        if (!run || reply.statusCode !== 200) return payload
        reply.type(PROFILED_MEDIA_TYPE)
        return { data: payload, profile: buildProfile(request, run) }
      },
    )
  },
  { name: 'profiler', dependencies: ['request-context'] },
)
