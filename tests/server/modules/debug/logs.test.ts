import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as sdk from '~/api/__generated__/sdk.gen.ts'
import type { GetLogsData, LogEntry, LogResponse } from '~/api/__generated__/types.gen.ts'
import { REDACTED } from '~/server/logging.ts'
import { LogReader, type LogQuery } from '~/server/modules/debug/log-reader.ts'
import { build, type TestApp } from '../../helpers/build.ts'
import { PASSWORD, USERS, type UserKey } from '../../helpers/fixtures.ts'
import { injectClient } from '../../helpers/sdk-client.ts'
import { responseValidator } from '../../helpers/spec.ts'

const validate = responseValidator()

async function signedIn(t: TestApp, user: UserKey) {
  const api = injectClient(t.app)
  await sdk.login({ client: api.client, body: { username: USERS[user].email, password: PASSWORD } })
  expect(api.last().status).toBe(200)
  return api
}

/** getLogs through the generated SDK, its answer validated against the contract. */
async function getLogs(
  api: ReturnType<typeof injectClient>,
  query: GetLogsData['query'],
): Promise<LogResponse> {
  await sdk.getLogs({ client: api.client, query })
  const { status, contentType, body } = api.last()
  expect(status, JSON.stringify(body)).toBe(200)
  expect(validate('getLogs', status, contentType, body)).toEqual([])
  return body as LogResponse
}

const numbers = (entries: LogEntry[]) => entries.map((e) => e.context?.n)

describe('GET /debug/logs and the frontend log (spec §2 log viewer, §7)', () => {
  let t: TestApp
  let dev: ReturnType<typeof injectClient>
  /** Between fixture lines 11 and 12. */
  let boundary: string

  beforeAll(async () => {
    t = await build()
    dev = await signedIn(t, 'developer')
    const log = t.app.logs.logger
    // The lines' timestamps, on a clock of the test's: twelve lines, the boundary 5 ms after, four
    // lines 5 ms after that.
    const start = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: start })
    for (let n = 0; n < 12; n++) {
      const level = n % 4 === 0 ? 'error' : n % 3 === 0 ? 'warn' : 'info'
      const fields = {
        logger: 'fixture',
        n,
        ...(n === 7 || n === 8 ? { request_id: 'req-7' } : {}),
      }
      log[level](fields, n === 5 ? 'Timeout talking to "meter"\nretrying' : `fixture line ${n}`)
    }
    vi.setSystemTime(start + 5)
    boundary = new Date().toISOString()
    vi.setSystemTime(start + 10)
    for (let n = 12; n < 16; n++) log.info({ logger: 'fixture', n }, `fixture line ${n}`)
    vi.useRealTimers()
  })
  afterAll(async () => t?.close())

  it('pages newest first, with the count of all matching entries', async () => {
    const first = await getLogs(dev, { logger: 'fixture', limit: 5 })
    expect(numbers(first.entries)).toEqual([15, 14, 13, 12, 11])
    expect(first.filtered_count).toBe(16)
    const third = await getLogs(dev, { logger: 'fixture', limit: 5, offset: 10 })
    expect(numbers(third.entries)).toEqual([5, 4, 3, 2, 1])
    const past = await getLogs(dev, { logger: 'fixture', limit: 5, offset: 40 })
    expect(past.entries).toEqual([])
    expect(past.filtered_count).toBe(16)
  })

  it('maps lines to the entry shape, request fields included', async () => {
    const requestId = randomUUID()
    await t.call(await t.as('admin'), {
      method: 'GET',
      url: '/api/v1/devices/',
      headers: { 'x-request-id': requestId },
    })
    const page = await getLogs(dev, { request_id: requestId })
    expect(page.filtered_count).toBe(1)
    expect(page.entries[0]).toMatchObject({
      level: 'INFO',
      logger: 'http',
      request_id: requestId,
      user_id: t.fx.users.admin,
      method: 'GET',
      endpoint: '/api/v1/devices/',
      status_code: 200,
    })
    expect(page.entries[0]!.duration_ms).toBeGreaterThanOrEqual(0)
    expect(page.loggers).toEqual(expect.arrayContaining(['audit', 'fixture', 'http']))
  })

  it("leaves the viewer's own reads out of the log it shows", async () => {
    const requestId = randomUUID()
    await sdk.getLogs({
      client: dev.client,
      query: { search: 'debug/logs' },
      headers: { 'x-request-id': requestId },
    })
    expect(dev.last().status).toBe(200)
    // A later read sees everything the first one could have logged.
    const own = await getLogs(dev, { request_id: requestId })
    expect(own.entries).toEqual([])
    const search = await getLogs(dev, { search: 'debug/logs' })
    expect(search.entries).toEqual([])
    // A refused read is still a line worth keeping.
    const admin = await t.as('admin')
    const refused = await t.call(admin, {
      method: 'GET',
      url: '/api/v1/debug/logs',
      headers: { 'x-request-id': requestId },
    })
    expect(refused.statusCode).toBe(403)
    const kept = await getLogs(dev, { request_id: requestId })
    expect(kept.entries.map((e) => e.status_code)).toEqual([403])
  })

  it('filters by level: that level and above', async () => {
    const warn = await getLogs(dev, { logger: 'fixture', level: 'WARN' })
    expect(numbers(warn.entries)).toEqual([9, 8, 6, 4, 3, 0])
    expect(warn.filtered_count).toBe(6)
    const error = await getLogs(dev, { logger: 'fixture', level: 'ERROR' })
    expect(numbers(error.entries)).toEqual([8, 4, 0])
    const all = await getLogs(dev, { level: 'INFO', limit: 500 })
    expect(all.entries.every((e) => e.level !== 'DEBUG')).toBe(true)
  })

  it('filters by logger, exactly', async () => {
    const page = await getLogs(dev, { logger: 'fixture', limit: 500 })
    expect(page.entries.every((e) => e.logger === 'fixture')).toBe(true)
    expect((await getLogs(dev, { logger: 'fixt' })).filtered_count).toBe(0)
  })

  it('searches message and context, case-insensitively, escapes included', async () => {
    const timeout = await getLogs(dev, { search: 'TIMEOUT talking' })
    expect(numbers(timeout.entries)).toEqual([5])
    expect(timeout.entries[0]!.message).toBe('Timeout talking to "meter"\nretrying')
    expect(numbers((await getLogs(dev, { search: 'to "meter"' })).entries)).toEqual([5])
    // `\n` is an escape in the file, not the letter n of the text
    expect((await getLogs(dev, { search: 'nretrying' })).filtered_count).toBe(0)
    const ones = await getLogs(dev, { search: 'fixture line 1', limit: 3 })
    expect(ones.filtered_count).toBe(7) // 1, 10 ... 15
    expect(numbers(ones.entries)).toEqual([15, 14, 13])
    // keys and levels are not text of the entry
    expect((await getLogs(dev, { search: 'timestamp', logger: 'fixture' })).filtered_count).toBe(0)
  })

  it('filters by time: at or after `after`, strictly before `before`', async () => {
    const late = await getLogs(dev, { logger: 'fixture', after: boundary })
    expect(numbers(late.entries)).toEqual([15, 14, 13, 12])
    const early = await getLogs(dev, { logger: 'fixture', before: boundary, limit: 3 })
    expect(early.filtered_count).toBe(12)
    expect(numbers(early.entries)).toEqual([11, 10, 9])
  })

  it('filters by request id and combines filters', async () => {
    const request = await getLogs(dev, { request_id: 'req-7' })
    expect(numbers(request.entries)).toEqual([8, 7])
    const both = await getLogs(dev, { request_id: 'req-7', level: 'ERROR', search: 'line' })
    expect(numbers(both.entries)).toEqual([8])
    expect(both.filtered_count).toBe(1)
  })

  it('reads the errors and audit files', async () => {
    const errors = await getLogs(dev, { source: 'errors', limit: 500 })
    expect(errors.entries.length).toBeGreaterThan(0)
    expect(errors.entries.every((e) => e.level === 'WARN' || e.level === 'ERROR')).toBe(true)
    const audit = await getLogs(dev, { source: 'audit', search: USERS.developer.email })
    expect(audit.entries[0]).toMatchObject({ logger: 'audit', message: 'Signed in' })
    expect(audit.entries[0]!.context).toMatchObject({ action: 'login' })
  })

  it('keeps passwords, tokens and cookies out of the logs', async () => {
    t.app.logs.logger.info(
      {
        logger: 'fixture.secrets',
        password: 'hunter2-hunter2',
        headers: { cookie: 'console_access=abc', accept: 'text/html' },
        refresh_token: 'rt-123',
        token_count: 2,
      },
      'with secrets',
    )
    const [entry] = (await getLogs(dev, { logger: 'fixture.secrets' })).entries
    expect(entry!.context).toEqual({
      password: REDACTED,
      headers: { cookie: REDACTED, accept: 'text/html' },
      refresh_token: REDACTED,
      token_count: 2,
    })
    await t.app.logs.flushed()
    const files = fs.readdirSync(t.app.logs.dir)
    const raw = files.map((f) => fs.readFileSync(path.join(t.app.logs.dir, f), 'utf8')).join('')
    expect(raw).not.toContain('hunter2-hunter2')
    expect(raw).not.toContain(PASSWORD)
    const session = await t.as('developer')
    expect(raw).not.toContain(session.access)
  })

  it('stores posted frontend logs and reads them back as the frontend source', async () => {
    const api = await signedIn(t, 'user')
    await sdk.postFrontendLogs({
      client: api.client,
      body: {
        entries: [
          { timestamp: '2026-03-14T11:46:10.512Z', level: 'INFO', logger: 'api', message: 'one' },
          {
            timestamp: '2026-03-14T11:46:11.000+01:00',
            level: 'ERROR',
            logger: 'error-boundary',
            message: 'two',
            context: { error_id: 'err-1', access_token: 'secret', logger: 'spoofed' },
          },
          {
            timestamp: '2026-03-14T11:46:12.000Z',
            level: 'WARN',
            logger: 'api',
            message: 'three',
            context: { blob: 'x'.repeat(20_000) },
          },
        ],
      },
    })
    const posted = api.last()
    expect(posted.status).toBe(202)
    expect(validate('postFrontendLogs', 202, posted.contentType, posted.body)).toEqual([])
    expect(posted.body).toEqual({ accepted: 3 })

    const page = await getLogs(dev, { source: 'frontend' })
    expect(page.entries.map((e) => e.message)).toEqual(['three', 'two', 'one'])
    expect(page.loggers).toEqual(['api', 'error-boundary'])
    const [three, two] = page.entries
    expect(two).toMatchObject({
      level: 'ERROR',
      logger: 'error-boundary',
      timestamp: '2026-03-14T10:46:11.000Z',
      user_id: t.fx.users.user,
      context: { error_id: 'err-1', access_token: REDACTED },
    })
    expect(two!.request_id).toBeTruthy()
    expect(three!.context).toMatchObject({ context_truncated: true })
    expect(JSON.stringify(three!.context).length).toBeLessThan(4_000)
    const errors = await getLogs(dev, { source: 'frontend', level: 'ERROR', search: 'ERR-1' })
    expect(errors.entries.map((e) => e.message)).toEqual(['two'])
  })

  it('refuses malformed frontend batches with 422', async () => {
    await sdk.postFrontendLogs({
      client: dev.client,
      body: {
        entries: [{ timestamp: 'yesterday', level: 'LOUD', logger: '', message: 'x' }],
      } as never,
    })
    const { status, contentType, body } = dev.last()
    expect(status).toBe(422)
    expect(validate('postFrontendLogs', status, contentType, body)).toEqual([])
    await sdk.postFrontendLogs({ client: dev.client, body: { entries: [] } })
    expect(dev.last().status).toBe(422)
  })

  it('answers system information', async () => {
    await sdk.getSystemInfo({ client: dev.client })
    const { status, contentType, body } = dev.last()
    expect(status).toBe(200)
    expect(validate('getSystemInfo', status, contentType, body)).toEqual([])
    expect(body).toMatchObject({
      environment: 'test',
      node_version: process.version,
      database: { kind: t.dbKind === 'postgres' ? 'postgresql' : 'pglite' },
      counts: { users: 6, groups: 2, devices: 5, notifications: 0 },
    })
    const info = body as { counts: { readings: number }; database: { size_bytes: number } }
    expect(info.counts.readings).toBeGreaterThan(0)
    expect(info.database.size_bytes).toBeGreaterThan(0)
  })

  it.each(['superuser'] as const)('lets a %s read logs and system information', async (user) => {
    const api = await signedIn(t, user)
    await getLogs(api, { limit: 1 })
    await sdk.getSystemInfo({ client: api.client })
    expect(api.last().status).toBe(200)
  })

  it.each(['admin', 'user'] as const)('answers 403 to a %s', async (user) => {
    const api = await signedIn(t, user)
    await sdk.getLogs({ client: api.client })
    expect(api.last().status).toBe(403)
    expect(validate('getLogs', 403, api.last().contentType, api.last().body)).toEqual([])
    await sdk.getSystemInfo({ client: api.client })
    expect(api.last().status).toBe(403)
    expect(validate('getSystemInfo', 403, api.last().contentType, api.last().body)).toEqual([])
  })
})

describe('log rotation by size', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await build({ logRotation: { maxBytes: 8 * 1024, maxFiles: 2 } })
  })
  afterAll(async () => t?.close())

  it('keeps maxFiles rotated files, and the viewer reads across them newest first', async () => {
    for (let n = 0; n < 400; n++) {
      t.app.logs.logger.info({ logger: 'rot', n }, `rotation line ${n}`)
      // let the writer catch up now and then, so rotation happens between batches
      if (n % 50 === 49) await t.app.logs.flushed()
    }
    await t.app.logs.flushed()
    const files = fs.readdirSync(t.app.logs.dir).filter((f) => f.startsWith('main'))
    expect(files.sort()).toEqual(['main.1.log', 'main.2.log', 'main.log'])
    for (const file of files)
      expect(fs.statSync(path.join(t.app.logs.dir, file)).size).toBeLessThan(16 * 1024)

    const dev = await signedIn(t, 'developer')
    const page = await getLogs(dev, { logger: 'rot', limit: 500 })
    const seen = numbers(page.entries) as number[]
    expect(seen[0]).toBe(399)
    expect(seen.length).toBeLessThan(400)
    // consecutive across file boundaries: nothing lost or repeated between generations
    expect(seen).toEqual(seen.map((_, i) => 399 - i))
    expect(page.filtered_count).toBe(seen.length)
  })
})

describe('LogReader on hand-written files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-logs-'))
  const reader = new LogReader(dir)
  const read = (query: Partial<LogQuery>) =>
    reader.read({ source: 'main', limit: 100, offset: 0, ...query })
  const line = (level: string, time: string, logger: string, message: string) =>
    JSON.stringify({ level, timestamp: time, logger, message })

  beforeAll(() => {
    fs.writeFileSync(
      path.join(dir, 'main.1.log'),
      [
        line('TRACE', '2026-03-14T10:00:00.000Z', 'old', 'a trace'),
        line('FATAL', '2026-03-14T10:00:01.000Z', 'old', 'a fatal'),
        '',
      ].join('\n'),
    )
    fs.writeFileSync(
      path.join(dir, 'main.log'),
      [
        line('DEBUG', '2026-03-14T11:00:00.000Z', 'new', 'a debug'),
        // another writer's layout: numeric level, msg, time with an offset, logger first
        JSON.stringify({
          logger: 'foreign',
          level: 40,
          timestamp: '2026-03-14T12:00:01+01:00',
          msg: 'numeric',
        }),
        'not json at all',
        '',
        '{"level":"INFO","timestamp":"2026-03-14T11:00:03.000Z","logger":"child","logger":"last","message":"two loggers"}',
        line('INFO', '2026-03-14T11:00:04.000Z', 'new', 'complete'),
        '{"level":"INFO","timestamp":"2026-03-14T11:00:05.000Z","logger":"new","mess',
      ].join('\n'),
    )
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('reads current then rotated files, skipping what is not an entry', async () => {
    const page = await read({})
    expect(page.entries.map((e) => [e.level, e.logger, e.message])).toEqual([
      ['INFO', 'new', 'complete'],
      ['INFO', 'last', 'two loggers'],
      ['WARN', 'foreign', 'numeric'],
      ['DEBUG', 'new', 'a debug'],
      ['ERROR', 'old', 'a fatal'],
      ['DEBUG', 'old', 'a trace'],
    ])
    expect(page.filtered_count).toBe(6)
    expect(page.entries[2]!.timestamp).toBe('2026-03-14T11:00:01.000Z')
    expect(page.loggers).toEqual(['foreign', 'last', 'new', 'old'])
  })

  it('filters the same way whatever the layout of a line', async () => {
    expect((await read({ level: 'WARN' })).entries.map((e) => e.message)).toEqual([
      'numeric',
      'a fatal',
    ])
    expect((await read({ logger: 'last' })).filtered_count).toBe(1)
    expect((await read({ logger: 'child' })).filtered_count).toBe(0)
    const window = await read({ after: '2026-03-14T10:00:01Z', before: '2026-03-14T11:00:04Z' })
    expect(window.entries.map((e) => e.message)).toEqual([
      'two loggers',
      'numeric',
      'a debug',
      'a fatal',
    ])
  })

  it('shows a line once it is complete, and re-reads a truncated file', async () => {
    const file = path.join(dir, 'main.log')
    fs.appendFileSync(file, 'age":"finished later"}\n')
    expect((await read({ limit: 1 })).entries[0]!.message).toBe('finished later')
    expect((await read({ search: 'LATER' })).filtered_count).toBe(1)
    fs.writeFileSync(file, `${line('WARN', '2026-03-14T13:00:00.000Z', 'new', 'fresh start')}\n`)
    const page = await read({})
    expect(page.entries.map((e) => e.message)).toEqual(['fresh start', 'a fatal', 'a trace'])
    expect((await read({ search: 'later' })).filtered_count).toBe(0)
  })

  it('pages an unfiltered read the same as a filtered one', async () => {
    const lines = Array.from({ length: 300 }, (_, n) =>
      line('INFO', new Date(Date.UTC(2026, 3, 1) + n * 1000).toISOString(), 'bulk', `bulk ${n}`),
    )
    fs.writeFileSync(path.join(dir, 'audit.log'), `${lines.join('\n')}\n`)
    const plain = await reader.read({ source: 'audit', limit: 7, offset: 250 })
    const filtered = await reader.read({ source: 'audit', limit: 7, offset: 250, level: 'INFO' })
    expect(plain).toEqual(filtered)
    expect(plain.filtered_count).toBe(300)
    expect(plain.entries.map((e) => e.message)).toEqual(
      [49, 48, 47, 46, 45, 44, 43].map((n) => `bulk ${n}`),
    )
  })
})
