/**
 * What Download saves: every entry the filters match, not the page on screen, up to a bound that
 * keeps the browser and the server responsive.
 */
import type { GetLogsData, LogResponse } from '~/api'

/** The most entries one download holds (the newest). */
export const DOWNLOAD_MAX = 20_000
/** Entries per request: the contract's largest page. */
const DOWNLOAD_PAGE = 500

export type LogQuery = NonNullable<GetLogsData['query']>

export interface CollectedLogs {
  entries: LogResponse['entries']
  /** How many entries matched; more than `entries.length` when the bound cut the download. */
  total: number
}

/**
 * Pages through the filtered log newest first. After the first page the window closes just after
 * its newest entry, so lines written meanwhile neither shift the pages nor appear twice.
 */
export async function collectLogs(
  fetchPage: (query: LogQuery) => Promise<LogResponse>,
  query: LogQuery,
  max: number = DOWNLOAD_MAX,
): Promise<CollectedLogs> {
  const base = { ...query, offset: 0, limit: Math.min(DOWNLOAD_PAGE, max) }
  const first = await fetchPage(base)
  const entries = [...first.entries]
  const newest = first.entries[0]?.timestamp
  const pinned = newest ? { ...base, before: new Date(Date.parse(newest) + 1).toISOString() } : base
  let total = first.filtered_count
  while (entries.length < Math.min(total, max)) {
    const limit = Math.min(DOWNLOAD_PAGE, max - entries.length)
    const page = await fetchPage({ ...pinned, offset: entries.length, limit })
    if (page.entries.length === 0) break
    entries.push(...page.entries)
    total = Math.max(page.filtered_count, entries.length)
  }
  return { entries, total }
}
