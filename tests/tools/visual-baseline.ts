/**
 * Visual baselines of the built Storybook: each story, after its play function, is compared with
 * the PNG committed beside its stories file (`__screenshots__/<file>/<Story-Name>-1-chromium-linux.png`).
 * A missing baseline is written and fails on purpose (look at it, then commit it);
 * UPDATE_VISUAL_BASELINES=1 rewrites the baselines that differ. Used by storybook-static.ts.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** Where a failed comparison leaves its actual and diff images (not committed). */
export const visualDiffDir = path.join(root, '.visual-diffs')

/** The file name Vitest's toMatchScreenshot gave baselines: words and hyphens only. */
function sanitize(name: string) {
  return name
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-')
}

export interface StoryFile {
  /** The stories file, as index.json names it: ./stories/ui/Dialog.stories.tsx */
  importPath: string
  /** The story's display name: "Confirm Dark" */
  name: string
}

export function baselinePath({ importPath, name }: StoryFile) {
  const file = path.join(root, importPath)
  return path.join(
    path.dirname(file),
    '__screenshots__',
    path.basename(file),
    `${sanitize(`${name} 1`)}-chromium-linux.png`,
  )
}

export interface Comparison {
  /** Empty when the screenshot matches its baseline. */
  problem?: string
}

/**
 * Pixels that differ beyond pixelmatch's threshold 0.02: its default (0.1) misses a one-step
 * palette change on dark surfaces.
 */
export function differingPixels(actual: PNG, expected: PNG, diff?: PNG) {
  if (actual.width !== expected.width || actual.height !== expected.height) return Infinity
  return pixelmatch(actual.data, expected.data, diff?.data, actual.width, actual.height, {
    threshold: 0.02,
  })
}

export async function readBaseline(story: StoryFile) {
  try {
    return PNG.sync.read(await readFile(baselinePath(story)))
  } catch {
    return undefined
  }
}

/** Writes the screenshot as the story's baseline. */
export async function writeBaseline(story: StoryFile, png: Buffer) {
  const file = baselinePath(story)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, png)
}

/**
 * Where the differing pixels lie ("x 40-310, y 602-618"): a CI log keeps the message, not the
 * pictures, and the place usually names the cause (a relative time, a leftover popover).
 */
export function differingArea(diff: PNG) {
  let [left, top, right, bottom] = [Infinity, Infinity, -1, -1]
  for (let y = 0; y < diff.height; y++)
    for (let x = 0; x < diff.width; x++) {
      const i = (y * diff.width + x) * 4
      // pixelmatch paints a differing pixel pure red; the rest stay grey or yellow.
      if (diff.data[i] !== 255 || diff.data[i + 1] !== 0 || diff.data[i + 2] !== 0) continue
      ;[left, top] = [Math.min(left, x), Math.min(top, y)]
      ;[right, bottom] = [Math.max(right, x), Math.max(bottom, y)]
    }
  return right < 0 ? '' : `x ${left}-${right}, y ${top}-${bottom}`
}

/**
 * Leaves the actual screenshot and the diff beside each other for a failed story; returns their
 * stem and where the pictures differ.
 */
export async function writeDiff(story: StoryFile, actual: PNG, expected: PNG) {
  const stem = path.join(visualDiffDir, sanitize(story.importPath), sanitize(story.name))
  await mkdir(path.dirname(stem), { recursive: true })
  await writeFile(`${stem}-actual.png`, PNG.sync.write(actual))
  await writeFile(`${stem}-reference.png`, PNG.sync.write(expected))
  if (actual.width !== expected.width || actual.height !== expected.height)
    return { stem, area: '' }
  const diff = new PNG({ width: actual.width, height: actual.height })
  differingPixels(actual, expected, diff)
  await writeFile(`${stem}-diff.png`, PNG.sync.write(diff))
  return { stem, area: differingArea(diff) }
}
