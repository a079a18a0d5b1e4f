/** One event of a text/event-stream as a client reads it. */
export interface SseEvent {
  event?: string
  data?: unknown
  id?: string
}

export interface SseStream {
  status: number
  headers: Headers
  events: SseEvent[]
  /** The id of the last event that carried one. */
  lastId(): string | undefined
  /** Resolves with the first event (from the start of the stream) that matches, or rejects. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): void
}

/** Opens a stream over real HTTP and parses its frames as they arrive (tests and the bench). */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const abort = new AbortController()
  const response = await fetch(url, { headers, signal: abort.signal })
  const events: SseEvent[] = []
  const waiters = new Set<() => void>()
  let lastId: string | undefined
  let done = false
  const ended = (async () => {
    if (!response.body) return
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    try {
      for (;;) {
        const { value, done: finished } = await reader.read()
        if (finished) break
        buffer += value
        const frames = buffer.split('\n\n')
        buffer = frames.pop() ?? ''
        for (const frame of frames) {
          const event: SseEvent = {}
          const data: string[] = []
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) event.event = line.slice(7)
            else if (line.startsWith('data: ')) data.push(line.slice(6))
            else if (line.startsWith('id: ')) event.id = lastId = line.slice(4)
          }
          if (data.length) event.data = JSON.parse(data.join('\n'))
          events.push(event)
        }
        for (const wake of waiters) wake()
      }
    } catch {
      // aborted by close()
    } finally {
      done = true
      for (const wake of waiters) wake()
    }
  })()
  return {
    status: response.status,
    headers: response.headers,
    events,
    lastId: () => lastId,
    ended,
    close: () => abort.abort(),
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match)
          if (found) return finish(() => resolve(found))
          if (done) finish(() => reject(new Error('stream ended without the event')))
        }
        const timer = setTimeout(
          () =>
            finish(() =>
              reject(new Error(`no such event in ${timeoutMs} ms: ${JSON.stringify(events)}`)),
            ),
          timeoutMs,
        )
        const finish = (then: () => void) => {
          clearTimeout(timer)
          waiters.delete(check)
          then()
        }
        waiters.add(check)
        check()
      })
    },
  }
}
