import { describe, expect, it } from 'vitest'
import { newestFirstSlice, pickNewestFirst } from './reading-pages'

/** Server pages of `size` over ids 1..total, oldest first, as listDeviceReadings answers. */
const serverPage = (page: number, size: number, total: number) =>
  Array.from({ length: size }, (_, i) => (page - 1) * size + i + 1).filter((id) => id <= total)

const tablePage = (page: number, size: number, total: number) => {
  const slice = newestFirstSlice(page, size, total)
  return pickNewestFirst(
    slice.serverPages.map((p) => serverPage(p, size, total)),
    slice,
  )
}

describe('newestFirstSlice', () => {
  it('shows the newest rows first, a full page even when the last server page is short', () => {
    expect(newestFirstSlice(1, 25, 673)).toEqual({ serverPages: [26, 27], offset: 23, count: 25 })
    expect(tablePage(1, 25, 673)).toEqual(Array.from({ length: 25 }, (_, i) => 673 - i))
    expect(tablePage(2, 25, 673)).toEqual(Array.from({ length: 25 }, (_, i) => 648 - i))
  })

  it('ends with the oldest rows on a short last page', () => {
    expect(tablePage(27, 25, 673)).toEqual([
      23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
    ])
  })

  it('needs one server page when the total is a multiple of the size, and none when empty', () => {
    expect(newestFirstSlice(1, 25, 50)).toEqual({ serverPages: [2], offset: 0, count: 25 })
    expect(newestFirstSlice(1, 25, 3)).toEqual({ serverPages: [1], offset: 0, count: 3 })
    expect(newestFirstSlice(1, 25, 0)).toEqual({ serverPages: [], offset: 0, count: 0 })
    expect(newestFirstSlice(3, 25, 40)).toEqual({ serverPages: [], offset: 0, count: 0 })
  })

  it('covers every row exactly once across the pages', () => {
    const seen = [1, 2, 3, 4, 5].flatMap((p) => tablePage(p, 7, 31))
    expect(seen).toEqual(Array.from({ length: 31 }, (_, i) => 31 - i))
  })
})
