/**
 * Opens stories of the built Storybook (`npm run build-storybook`, what designers and Chromatic see)
 * in headless Chromium and reads how each one ended from the preview's own channel events: the
 * play function's exception, errors during play, and the a11y addon's report; then compares the
 * story with its visual baseline (visual-baseline.ts). Used by
 * tests/static-storybook/stories.test.ts; run it by hand on a few stories with
 *   npx tsx tests/tools/storybook-static.ts [story-id ...]
 */
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page, Request } from 'playwright-core'
import { PNG } from 'pngjs'
import { launchChromium } from './chromium'
import {
  baselinePath,
  differingPixels,
  readBaseline,
  writeBaseline,
  writeDiff,
  type StoryFile,
} from './visual-baseline'
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
  // Its phases: when the a11y check (in afterEach) starts.
  'storyRenderPhaseChanged',
] as const
type Watched = (typeof watched)[number]

interface Phase {
  newPhase: string
}
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
  /** How long its a11y check (axe, in the afterEach phase) took. */
  a11yMs: number
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
        value.on(name, (data) =>
          window.__storyEvents.push([name, JSON.parse(JSON.stringify(data ?? null)), performance.now()]))
    },
  })
`

/** Prepares a page to run stories in: call once per page. */
export async function preparePage(page: Page) {
  await page.addInitScript(recordChannel)
  watchAssets(page)
}

/** Code, styles, fonts and images a page is still loading (a lazy chart's chunk, say). */
const loadingAssets = new WeakMap<Page, { pending: Set<Request>; idle: Set<() => void> }>()
const assetTypes = new Set(['script', 'stylesheet', 'font', 'image'])

function watchAssets(page: Page) {
  const state = { pending: new Set<Request>(), idle: new Set<() => void>() }
  loadingAssets.set(page, state)
  const done = (request: Request) => {
    if (!state.pending.delete(request) || state.pending.size) return
    for (const resolve of state.idle) resolve()
    state.idle.clear()
  }
  page.on('request', (request) => {
    if (assetTypes.has(request.resourceType())) state.pending.add(request)
  })
  page.on('requestfinished', done)
  page.on('requestfailed', done)
}

/** Resolves once the page loads no code, styles, fonts or images. */
function assetsLoaded(page: Page) {
  const state = loadingAssets.get(page)
  if (!state?.pending.size) return Promise.resolve()
  return new Promise<void>((resolve) => state.idle.add(resolve))
}

/** The error's first lines, without the terminal colours expect writes into them. */
function describeError(error: SerializedError | undefined) {
  // eslint-disable-next-line no-control-regex
  const message = (error?.message ?? '').replace(/\u001b\[[0-9;]*m/g, '')
  const lines = message.split('\n').filter((line) => line.trim())
  return `${error?.name ?? 'Error'}: ${lines.slice(0, 4).join(' | ')}`
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
        name: string
        globals: { viewport?: { value?: string } }
        parameters: {
          viewport?: { options?: Record<string, Viewport> }
          fileName: string
          visual?: boolean
        }
      }
    }
  }
}
interface Viewport {
  styles?: { width?: string; height?: string }
}

/**
 * Pixels any picture may differ by: Chromium without a GPU now and then anti-aliases a pixel or two
 * of an SVG path differently (seen on a chart's line). A changed word or border differs by dozens.
 * No story has a tolerance of its own.
 */
const TOLERANCE_PIXELS = 4

/** What the runner needs to know of a story before and after it runs. */
interface StoryMeta {
  /** The page size the Storybook UI gives it. */
  viewport: { width: number; height: number }
  /** Where its visual baseline lives; undefined for `parameters.visual = false` (live timers, random data). */
  file?: StoryFile
}

/**
 * Reads stories' parameters from the preview's store. A story's viewport is its `globals.viewport`
 * among the viewport options (the addon's defaults and `parameters.viewport.options`), as the
 * viewport toolbar applies it.
 */
async function storyMetas(page: Page, ids: string[]): Promise<StoryMeta[]> {
  const read = await page.evaluate(async (storyIds) => {
    const store = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__.storyStoreValue!
    return Promise.all(
      storyIds.map(async (storyId) => {
        const { globals, parameters, name } = store.getStoryContext(
          await store.loadStory({ storyId }),
        )
        return {
          value: globals.viewport?.value,
          options: parameters.viewport?.options ?? {},
          name,
          fileName: parameters.fileName,
          visual: parameters.visual !== false,
        }
      }),
    )
  }, ids)
  return read.map(({ value, options, name, fileName, visual }) => {
    const styles = value ? { ...MINIMAL_VIEWPORTS, ...options }[value]?.styles : undefined
    const viewport =
      styles?.width && styles.height
        ? { width: Number.parseInt(styles.width, 10), height: Number.parseInt(styles.height, 10) }
        : defaultViewport
    return { viewport, file: visual ? { importPath: fileName, name } : undefined }
  })
}

const storyMeta = async (page: Page, id: string) => (await storyMetas(page, [id]))[0]!

/**
 * The stories grouped by viewport, the default size first (in index order within a size): a page
 * loads the preview afresh whenever the size changes (see runStory), which in index order (a
 * story, then its narrow variant, then the next) it did once or twice per narrow story.
 */
export async function storiesInViewportOrder(browser: Browser, baseUrl: string, ids: string[]) {
  const page = await browser.newPage()
  try {
    await loadPreview(page, baseUrl)
    const metas = await storyMetas(page, ids)
    const size = (i: number) => {
      const { width, height } = metas[i]!.viewport
      return width === defaultViewport.width && height === defaultViewport.height
        ? ''
        : `${String(width).padStart(5, '0')}x${String(height).padStart(5, '0')}`
    }
    return ids
      .map((id, i) => ({ id, size: size(i), i }))
      .sort((a, b) => a.size.localeCompare(b.size) || a.i - b.i)
      .map(({ id }) => id)
  } finally {
    await page.close()
  }
}

/** How often and for how long the runner's pages loaded the preview (for the run's summary). */
export const previewLoads = { count: 0, ms: 0 }

/**
 * Screenshots must not depend on timing: no animations, transitions or blinking caret (injected
 * into the runner's pages only, not into the Storybook designers open).
 */
const freezeMotion = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`

/**
 * The story as the Storybook UI shows it: the root with the padding Storybook gives it (so focus
 * rings are not clipped), or the whole page when overlays (popovers, dialogs, toasts) are
 * portalled into <body>, outside the root.
 */
async function screenshotStory(page: Page) {
  const clip = await page.evaluate(async () => {
    await document.fonts.ready
    const root = document.getElementById('storybook-root')!
    const portalled = [...document.body.children].some(
      (el) =>
        !el.contains(root) &&
        !['SCRIPT', 'STYLE', 'LINK'].includes(el.tagName) &&
        // Not visually hidden nodes such as react-aria's live announcer (1px boxes).
        el.getBoundingClientRect().height > 2,
    )
    if (portalled) return null
    const rect = root.getBoundingClientRect()
    const padding = Number.parseFloat(getComputedStyle(document.body).paddingLeft)
    return {
      x: Math.max(0, rect.x - padding + window.scrollX),
      y: Math.max(0, rect.y - padding + window.scrollY),
      width: Math.ceil(rect.width + 2 * padding),
      height: Math.max(1, Math.ceil(rect.height + 2 * padding)),
    }
  })
  return page.screenshot({
    animations: 'disabled',
    caret: 'hide',
    ...(clip ? { clip, fullPage: true } : {}),
  })
}

/** Two frames painted: what a still-changing page has drawn in the meantime. */
function nextFrames(page: Page) {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  )
}

/**
 * How long a picture must stay the same to count as still (for a new baseline): two pictures a
 * couple of frames apart can agree on a page that changes later (a modal React Aria held back
 * while it waited for an on-screen keyboard showed ~450 ms after two pictures of the page without it).
 */
const SETTLED_MS = 1_500

/** A screenshot once the page has not changed for SETTLED_MS (or after 10 s). */
async function stillShot(page: Page) {
  const deadline = Date.now() + 10_000
  let previous: PNG | undefined
  let unchangedSince = Date.now()
  for (;;) {
    const shot = await screenshotStory(page)
    const actual = PNG.sync.read(shot)
    if (previous === undefined || differingPixels(actual, previous) !== 0)
      unchangedSince = Date.now()
    if ((previous && Date.now() - unchangedSince >= SETTLED_MS) || Date.now() > deadline)
      return { shot, actual }
    previous = actual
    await nextFrames(page)
  }
}

/**
 * Compares the story with its baseline: one screenshot, once Storybook said the story finished
 * and the page loads no more code, styles or fonts. Without a baseline, or with
 * UPDATE_VISUAL_BASELINES=1 and a differing picture, the still picture becomes the baseline. A
 * differing picture fails; the message says whether the page went on to match (then the story
 * said it was done too early: its play must wait for what it shows).
 */
async function matchVisualBaseline(page: Page, file: StoryFile) {
  const baseline = await readBaseline(file)
  // A lazy chunk still loading draws later (10 s at most).
  await Promise.race([assetsLoaded(page), page.waitForTimeout(10_000)])
  const actual = PNG.sync.read(await screenshotStory(page))
  const differing = baseline ? differingPixels(actual, baseline) : Infinity
  if (baseline && differing <= TOLERANCE_PIXELS) return undefined
  if (!baseline || process.env.UPDATE_VISUAL_BASELINES) {
    await writeBaseline(file, (await stillShot(page)).shot)
    if (!baseline) return `visual: no baseline yet, wrote ${baselinePath(file)}`
    console.log(`Rewrote the visual baseline ${baselinePath(file)}`)
    return undefined
  }
  const later = (await stillShot(page)).actual
  const { stem, area } = await writeDiff(file, actual, baseline)
  const what =
    differing === Infinity
      ? `${actual.width}x${actual.height} against the baseline's ${baseline.width}x${baseline.height}`
      : `${differing} pixels differ in ${area}`
  const settling =
    differingPixels(later, baseline) <= TOLERANCE_PIXELS
      ? '; the page matched a moment later: the story said it was done before it was'
      : ''
  return `visual: ${what}${settling} (${stem}-{actual,reference,diff}.png)`
}

async function loadPreview(page: Page, baseUrl: string) {
  const started = Date.now()
  await page.goto(`${baseUrl}/iframe.html`)
  await page.addStyleTag({ content: freezeMotion })
  await page.waitForFunction(
    () => (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__?.storyStoreValue,
  )
  // Every font face before the first story: a face that arrives after a story measured its text
  // (a tab strip scrolling its tab into view) moves it by a few pixels.
  await page.evaluate(() =>
    Promise.all([...document.fonts].map((face) => face.load().catch(() => undefined))),
  )
  loaded.add(page)
  previewLoads.count++
  previewLoads.ms += Date.now() - started
}

/**
 * Shows one story and waits for Storybook to say it finished: after the play function and the a11y
 * check. A page loads the preview once; stories are then selected on its channel, as the Storybook
 * UI does when a designer clicks through the sidebar (no reload per story, so hundreds take
 * minutes), in the story's viewport. After a failure the page loads the preview afresh.
 */
export async function runStory(page: Page, baseUrl: string, id: string, timeout = 30_000) {
  const started = Date.now()
  if (!loaded.has(page)) await loadPreview(page, baseUrl)
  const meta = await storyMeta(page, id)
  const { viewport } = meta
  const current = page.viewportSize()
  if (current?.width !== viewport.width || current.height !== viewport.height) {
    await page.setViewportSize(viewport)
    // A fresh page at the new size: React Aria reads a viewport shrinking soon after a text field
    // took focus as an on-screen keyboard opening, and from then on holds every modal back 600 ms
    // (hidden) to let the keyboard settle, as it does on phones.
    await loadPreview(page, baseUrl)
  }
  await page.evaluate((storyId) => {
    const w = window as unknown as PreviewWindow
    w.__storyEvents = []
    w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' })
  }, id)
  const events = await page
    .waitForFunction(
      (storyId) => {
        const recorded = (
          window as unknown as { __storyEvents: [string, { storyId?: string }, number][] }
        ).__storyEvents
        const ended = recorded.some(
          ([name, data]) =>
            (name === 'storyFinished' && data.storyId === storyId) || name === 'storyMissing',
        )
        return ended && recorded
      },
      id,
      { timeout, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<[Watched, unknown, number][]>)
    .catch(() => null)
  const problems: string[] = []
  let a11yStarted = 0
  let a11yMs = 0
  if (!events) problems.push(`did not finish within ${timeout} ms`)
  for (const [name, data, time] of events ?? []) {
    if (name === 'playFunctionThrewException')
      problems.push(`play: ${describeError(data as SerializedError)}`)
    else if (name === 'unhandledErrorsWhilePlaying')
      for (const error of data as SerializedError[]) {
        const described = describeError(error)
        if (!isMockWorkerUpdate(described)) problems.push(`unhandled during play: ${described}`)
      }
    else if (name === 'storyThrewException')
      problems.push(`render: ${describeError(data as SerializedError)}`)
    else if (name === 'storyErrored') problems.push(`error: ${JSON.stringify(data)}`)
    else if (name === 'storyMissing') problems.push('missing from the build')
    else if (name === 'storyRenderPhaseChanged' && (data as Phase).newPhase === 'afterEach')
      a11yStarted = time
    else if (name === 'storyFinished') {
      if (a11yStarted) a11yMs = time - a11yStarted
      for (const report of (data as { reporters: A11yReport[] }).reporters)
        if (report.type === 'a11y' && report.status === 'failed')
          problems.push(...describeA11y(report))
    }
  }
  if (!problems.length && meta.file) {
    const visualProblem = await matchVisualBaseline(page, meta.file)
    if (visualProblem) problems.push(visualProblem)
  }
  if (problems.length) loaded.delete(page)
  return { id, problems, ms: Date.now() - started, a11yMs } satisfies StoryOutcome
}

/**
 * MSW, on a page that finds its worker registered by the page's previous load, asks the browser to
 * update it and never awaits the answer (msw/browser getWorkerInstance); Chromium now and then
 * rejects that update ("Not found") seconds later, in whichever story is playing then (1 run in
 * 3 or 4). The mock worker keeps serving, and no app code is involved: it is not the story's.
 */
export const isMockWorkerUpdate = (described: string) =>
  /^TypeError: Failed to update a ServiceWorker for scope \(.*\) with script \('[^']*\/mockServiceWorker\.js'\)/.test(
    described,
  )

/** A few pages that stories take turns on. */
export async function pagePool(browser: Browser, size: number) {
  const idle: Page[] = []
  const waiting: ((page: Page) => void)[] = []
  for (let i = 0; i < size; i++) {
    // Reduced motion, as the visual run freezes animations: a play then never reads an overlay
    // or a message while it is still fading in (opacity 0 is not visible), whatever the load.
    const page = await browser.newPage({ viewport: defaultViewport, reducedMotion: 'reduce' })
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
  const ids = await storiesInViewportOrder(
    browser,
    server.url,
    process.argv.length > 2 ? process.argv.slice(2) : await storyIds(),
  )
  const started = Date.now()
  let failed = 0
  let a11yMs = 0
  await Promise.all(
    ids.map((id) =>
      withPage(async (page) => {
        const outcome = await runStory(page, server.url, id)
        if (outcome.problems.length) failed++
        a11yMs += outcome.a11yMs
        console.log(`${outcome.problems.length ? 'FAIL' : 'ok  '} ${id} ${outcome.ms} ms`)
        for (const problem of outcome.problems) console.log(`     ${problem}`)
      }),
    ),
  )
  console.log(
    `${ids.length} stories, ${failed} failed, ${Date.now() - started} ms (a11y checks ${Math.round(a11yMs)} ms in all; ${previewLoads.count} preview loads, ${previewLoads.ms} ms)`,
  )
  await browser.close()
  await server.close()
}
