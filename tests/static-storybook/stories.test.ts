import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  launchChromium,
  preparePage,
  runStory,
  serveStatic,
  storyIds,
} from '../tools/storybook-static'

/*
 * Every story of the built Storybook (global-setup.ts builds it), opened the way designers and
 * Chromatic open it: its play function and its a11y check must pass against the production build.
 */
const ids = await storyIds()
const pages = Number(process.env.STORYBOOK_STATIC_PAGES ?? 3)

let server: Awaited<ReturnType<typeof serveStatic>>
let browser: Browser
const idle: Page[] = []
const waiting: ((page: Page) => void)[] = []

function acquire() {
  const page = idle.pop()
  return page ? Promise.resolve(page) : new Promise<Page>((resolve) => waiting.push(resolve))
}
function release(page: Page) {
  const next = waiting.shift()
  if (next) next(page)
  else idle.push(page)
}

beforeAll(async () => {
  server = await serveStatic()
  browser = await launchChromium()
  for (let i = 0; i < pages; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await preparePage(page)
    idle.push(page)
  }
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe.concurrent('built Storybook', () => {
  test.for(ids)('%s', async (id) => {
    const page = await acquire()
    try {
      const outcome = await runStory(page, server.url, id)
      expect(outcome.problems).toEqual([])
    } finally {
      release(page)
    }
  })
})
