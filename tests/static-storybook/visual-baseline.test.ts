import { existsSync } from 'node:fs'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { baselinePath, differingArea, differingPixels } from '../tools/visual-baseline'

function solid(width: number, height: number, rgb: [number, number, number]) {
  const png = new PNG({ width, height })
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4)
  return png
}

describe('visual baselines of the built Storybook', () => {
  it("finds a story's committed baseline by its file and display name", () => {
    const file = baselinePath({
      importPath: './stories/ui/Dialog.stories.tsx',
      name: 'Confirm Dark',
    })
    expect(file).toMatch(
      /stories\/ui\/__screenshots__\/Dialog\.stories\.tsx\/Confirm-Dark-1-chromium-linux\.png$/,
    )
    expect(existsSync(file)).toBe(true)
  })

  it('counts differing pixels, a one-step palette change on a dark surface included', () => {
    const dark = solid(4, 3, [17, 24, 39])
    expect(differingPixels(dark, solid(4, 3, [17, 24, 39]))).toBe(0)
    const changed = solid(4, 3, [17, 24, 39])
    changed.data.set([31, 41, 55, 255], 0)
    expect(differingPixels(changed, dark)).toBe(1)
  })

  it('says where the pictures differ, for a log that keeps no pictures', () => {
    const white = solid(8, 6, [255, 255, 255])
    const changed = solid(8, 6, [255, 255, 255])
    changed.data.set([0, 0, 0, 255], (2 * 8 + 1) * 4)
    changed.data.set([0, 0, 0, 255], (4 * 8 + 6) * 4)
    const diff = new PNG({ width: 8, height: 6 })
    differingPixels(changed, white, diff)
    expect(differingArea(diff)).toBe('x 1-6, y 2-4')
    differingPixels(white, white, diff)
    expect(differingArea(diff)).toBe('')
  })

  it('treats another size as differing everywhere', () => {
    expect(differingPixels(solid(4, 3, [0, 0, 0]), solid(3, 4, [0, 0, 0]))).toBe(Infinity)
  })
})
