/**
 * The server lists a device's readings oldest first, a page at a time; the readings table shows
 * the newest first. Page `page` of the table (1 = newest) is a run of the oldest-first list that
 * can straddle two server pages of the same size: which ones to fetch, and which rows to keep.
 */
export interface NewestFirstSlice {
  /** Server pages (1-based, oldest first) holding the rows; none for an empty list. */
  serverPages: number[]
  /** Where the rows start in those pages laid end to end. */
  offset: number
  count: number
}

export function newestFirstSlice(page: number, size: number, total: number): NewestFirstSlice {
  const end = Math.max(0, total - (page - 1) * size)
  const start = Math.max(0, end - size)
  if (end === 0) return { serverPages: [], offset: 0, count: 0 }
  const first = Math.floor(start / size) + 1
  const last = Math.floor((end - 1) / size) + 1
  const serverPages = Array.from({ length: last - first + 1 }, (_, i) => first + i)
  return { serverPages, offset: start - (first - 1) * size, count: end - start }
}

/** The table's rows, newest first, from the server pages `slice` named (in that order). */
export function pickNewestFirst<T>(pages: readonly (readonly T[])[], slice: NewestFirstSlice): T[] {
  return pages
    .flat()
    .slice(slice.offset, slice.offset + slice.count)
    .reverse()
}
