import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../tools/chromium'
import {
  pagePool,
  previewLoads,
  runStory,
  serveStatic,
  storiesInViewportOrder,
  storyIds,
} from '../tools/storybook-static'

/*
 * Every story of the built Storybook (global-setup.ts builds it), as designers and Chromatic see
 * it: its play function, its a11y check and its visual baseline must pass against the production
 * build.
 */
const server = await serveStatic()
const browser: Browser = await launchChromium()
const ids = await storiesInViewportOrder(browser, server.url, await storyIds())

let withPage: Awaited<ReturnType<typeof pagePool>>
const started = Date.now()
let a11yMs = 0

beforeAll(async () => {
  withPage = await pagePool(browser, Number(process.env.STORYBOOK_STATIC_PAGES ?? 2))
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  const seconds = (ms: number) => (ms / 1000).toFixed(0)
  console.log(
    `${ids.length} stories of the built Storybook in ${seconds(Date.now() - started)} s (their a11y checks ${seconds(a11yMs)} s of page time; ${previewLoads.count} preview loads, ${seconds(previewLoads.ms)} s)`,
  )
})

describe.concurrent('built Storybook', () => {
  test.for(ids)('%s', async (id) => {
    const outcome = await withPage((page) => runStory(page, server.url, id))
    a11yMs += outcome.a11yMs
    expect(outcome.problems).toEqual([])
  })
})
