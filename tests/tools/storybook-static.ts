/**
 * Opens stories of the built Storybook (`npm run build-storybook`, what designers and Chromatic see)
 * in headless Chromium and reads how each one ended from the preview's own channel events: the
 * play function's exception, errors during play, and the a11y addon's report. Used by
 * tests/static-storybook/stories.test.ts; run it by hand on a few stories with
 *   npx tsx tests/tools/storybook-static.ts [story-id ...]
 */
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium'
import { MINIMAL_VIEWPORTS } from 'storybook/viewport'

export const staticDir = fileURLToPath(new URL('../../storybook-static', import.meta.url))

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** A static server for the build, as any static host would serve it. */
export async function serveStatic(root = staticDir) {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname)
    if (!file.startsWith(root)) return void response.writeHead(403).end()
    stat(file).then(
      (stats) => {
        if (!stats.isFile()) return void response.writeHead(404).end()
        response.writeHead(200, {
          'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
          'content-length': stats.size,
          // Hashed bundles are cached, so each story does not load them again.
          'cache-control': pathname.startsWith('/assets/') ? 'max-age=3600' : 'no-cache',
        })
        createReadStream(file).pipe(response)
      },
      () => void response.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface IndexEntry {
  id: string
  type: 'story' | 'docs'
  title: string
  name: string
  tags?: string[]
}

/** Every story of the build that Storybook would test (the `test` tag). */
export async function storyIds(root = staticDir) {
  const index = JSON.parse(await readFile(path.join(root, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>
  }
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story' && (entry.tags ?? ['test']).includes('test'))
    .map((entry) => entry.id)
}

/** Channel events that say how a story ended (storybook/internal/core-events). */
const watched = [
  'playFunctionThrewException',
  'unhandledErrorsWhilePlaying',
  'storyThrewException',
  'storyErrored',
  'storyMissing',
  'storyFinished',
] as const
type Watched = (typeof watched)[number]

interface SerializedError {
  name?: string
  message?: string
  stack?: string
}
interface A11yReport {
  type: string
  status: 'passed' | 'failed' | 'warning'
  result?: { violations?: { id: string; help: string; nodes: { target: unknown[] }[] }[] }
}

export interface StoryOutcome {
  id: string
  /** Why the story failed, one line each: empty when its play and a11y check passed. */
  problems: string[]
  ms: number
}

/**
 * Records the watched events from the moment the preview creates its channel, before the story
 * renders (the runtime assigns window.__STORYBOOK_ADDONS_CHANNEL__ once, at start-up). A string:
 * a transpiled function may call helpers (tsx's __name) that do not exist in the page.
 */
const recordChannel = `
  window.__storyEvents = []
  let channel
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get() { return channel },
    set(value) {
      channel = value
      for (const name of ${JSON.stringify(watched)})
        value.on(name, (data) => window.__storyEvents.push([name, JSON.parse(JSON.stringify(data ?? null))]))
    },
  })
`

/** Prepares a page to run stories in: call once per page. */
export async function preparePage(page: Page) {
  await page.addInitScript(recordChannel)
}

function describeError(error: SerializedError | undefined) {
  return `${error?.name ?? 'Error'}: ${(error?.message ?? '').split('\n')[0]}`
}

function describeA11y(report: A11yReport) {
  const violations = report.result?.violations ?? []
  return violations.map(
    (violation) =>
      `a11y ${violation.id}: ${violation.help} (${violation.nodes
        .map((node) => JSON.stringify(node.target))
        .join(', ')})`,
  )
}

const loaded = new WeakSet<Page>()
const defaultViewport = { width: 1280, height: 800 }

/** The preview's channel and store, as far as the runner uses them. */
interface PreviewWindow {
  __storyEvents: unknown[]
  __STORYBOOK_ADDONS_CHANNEL__: { emit: (name: string, data: unknown) => void }
  __STORYBOOK_PREVIEW__: {
    storyStoreValue?: {
      loadStory: (options: { storyId: string }) => Promise<unknown>
      getStoryContext: (story: unknown) => {
        globals: { viewport?: { value?: string } }
        parameters: { viewport?: { options?: Record<string, Viewport> } }
      }
    }
  }
}
interface Viewport {
  styles?: { width?: string; height?: string }
}

/**
 * The page size the Storybook UI gives a story: its `globals.viewport` among the viewport options
 * (the addon's defaults and `parameters.viewport.options`), as the viewport toolbar applies it.
 */
async function storyViewport(page: Page, id: string) {
  const { value, options } = await page.evaluate(async (storyId) => {
    const store = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__.storyStoreValue!
    const context = store.getStoryContext(await store.loadStory({ storyId }))
    return {
      value: context.globals.viewport?.value,
      options: context.parameters.viewport?.options ?? {},
    }
  }, id)
  const styles = value ? { ...MINIMAL_VIEWPORTS, ...options }[value]?.styles : undefined
  if (!styles?.width || !styles.height) return defaultViewport
  return { width: Number.parseInt(styles.width, 10), height: Number.parseInt(styles.height, 10) }
}

/**
 * Shows one story and waits for Storybook to say it finished: after the play function and the a11y
 * check. A page loads the preview once; stories are then selected on its channel, as the Storybook
 * UI does when a designer clicks through the sidebar (no reload per story, so hundreds take
 * minutes), in the story's viewport. After a failure the page loads the preview afresh.
 */
export async function runStory(page: Page, baseUrl: string, id: string, timeout = 30_000) {
  const started = Date.now()
  if (!loaded.has(page)) {
    await page.goto(`${baseUrl}/iframe.html`)
    await page.waitForFunction(
      () => (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__?.storyStoreValue,
    )
    loaded.add(page)
  }
  const viewport = await storyViewport(page, id)
  const current = page.viewportSize()
  if (current?.width !== viewport.width || current.height !== viewport.height)
    await page.setViewportSize(viewport)
  await page.evaluate((storyId) => {
    const w = window as unknown as PreviewWindow
    w.__storyEvents = []
    w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' })
  }, id)
  const events = await page
    .waitForFunction(
      (storyId) => {
        const recorded = (window as unknown as { __storyEvents: [string, { storyId?: string }][] })
          .__storyEvents
        const ended = recorded.some(
          ([name, data]) =>
            (name === 'storyFinished' && data.storyId === storyId) || name === 'storyMissing',
        )
        return ended && recorded
      },
      id,
      { timeout, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<[Watched, unknown][]>)
    .catch(() => null)
  const problems: string[] = []
  if (!events) problems.push(`did not finish within ${timeout} ms`)
  for (const [name, data] of events ?? []) {
    if (name === 'playFunctionThrewException')
      problems.push(`play: ${describeError(data as SerializedError)}`)
    else if (name === 'unhandledErrorsWhilePlaying')
      for (const error of data as SerializedError[])
        problems.push(`unhandled during play: ${describeError(error)}`)
    else if (name === 'storyThrewException')
      problems.push(`render: ${describeError(data as SerializedError)}`)
    else if (name === 'storyErrored') problems.push(`error: ${JSON.stringify(data)}`)
    else if (name === 'storyMissing') problems.push('missing from the build')
    else if (name === 'storyFinished')
      for (const report of (data as { reporters: A11yReport[] }).reporters)
        if (report.type === 'a11y' && report.status === 'failed')
          problems.push(...describeA11y(report))
  }
  if (problems.length) loaded.delete(page)
  return { id, problems, ms: Date.now() - started } satisfies StoryOutcome
}

/** A few pages that stories take turns on. */
export async function pagePool(browser: Browser, size: number) {
  const idle: Page[] = []
  const waiting: ((page: Page) => void)[] = []
  for (let i = 0; i < size; i++) {
    const page = await browser.newPage({ viewport: defaultViewport })
    await preparePage(page)
    idle.push(page)
  }
  return async function withPage<T>(work: (page: Page) => Promise<T>) {
    const page = idle.pop() ?? (await new Promise<Page>((resolve) => waiting.push(resolve)))
    try {
      return await work(page)
    } finally {
      const next = waiting.shift()
      if (next) next(page)
      else idle.push(page)
    }
  }
}

// By hand: the stories named, or all of them, on STORYBOOK_STATIC_PAGES pages.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serveStatic()
  const browser = await launchChromium()
  const withPage = await pagePool(browser, Number(process.env.STORYBOOK_STATIC_PAGES ?? 2))
  const ids = process.argv.length > 2 ? process.argv.slice(2) : await storyIds()
  const started = Date.now()
  let failed = 0
  await Promise.all(
    ids.map((id) =>
      withPage(async (page) => {
        const outcome = await runStory(page, server.url, id)
        if (outcome.problems.length) failed++
        console.log(`${outcome.problems.length ? 'FAIL' : 'ok  '} ${id} ${outcome.ms} ms`)
        for (const problem of outcome.problems) console.log(`     ${problem}`)
      }),
    ),
  )
  console.log(`${ids.length} stories, ${failed} failed, ${Date.now() - started} ms`)
  await browser.close()
  await server.close()
}
