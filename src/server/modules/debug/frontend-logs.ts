import type { FrontendLogEntry } from '../../../api/__generated__/types.gen.ts'

/** A context larger than this (as JSON) is replaced by a preview: one batch stays under ~2 MB. */
export const MAX_CONTEXT_CHARS = 8 * 1024
const PREVIEW_CHARS = 1024

/** Keys a line sets itself; a context key of the same name would overwrite them. */
const RESERVED = new Set([
  'level',
  'timestamp',
  'logger',
  'message',
  'msg',
  'request_id',
  'user_id',
])

function boundedContext(context: FrontendLogEntry['context']): Record<string, unknown> {
  if (!context) return {}
  const kept = Object.fromEntries(Object.entries(context).filter(([key]) => !RESERVED.has(key)))
  const json = JSON.stringify(kept)
  if (json.length <= MAX_CONTEXT_CHARS) return kept
  return { context_truncated: true, context_preview: json.slice(0, PREVIEW_CHARS) }
}

/**
 * One console entry as a line of frontend.log, in the server's own layout (level and timestamp
 * first, message last) so the log viewer indexes it the same way; the caller's request id and
 * user id are added. The contract has already checked the entry (levels, lengths, 200 a batch).
 */
export function frontendLine(
  entry: FrontendLogEntry,
  requestId: string,
  userId: string | null,
): Record<string, unknown> {
  return {
    level: entry.level,
    timestamp: new Date(entry.timestamp).toISOString(),
    logger: entry.logger,
    request_id: requestId,
    user_id: userId,
    ...boundedContext(entry.context),
    message: entry.message,
  }
}
