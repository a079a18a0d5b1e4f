/** Mock live event stream (GET /api/v1/events): frames sent after a pause, then the stream stays open. */
import type { HttpHandler } from 'msw'
import type { LiveEventData } from '../api'
import { handleStreamEvents } from '../api/__generated__/msw.gen'

export interface MockLiveEvent {
  event:
    'reading' | 'device.status' | 'notification' | 'device.changed' | 'device.deleted' | 'reset'
  data: LiveEventData
  /** Sent this long after the previous one (or the stream's start). @default 300 */
  afterMs?: number
}

/** A stream sending `events` in order, each with an id, then only staying open. */
export function liveHandlers(events: readonly MockLiveEvent[] = []): HttpHandler[] {
  return [
    handleStreamEvents(({ request }) => {
      const encoder = new TextEncoder()
      const timers: ReturnType<typeof setTimeout>[] = []
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('retry: 2000\n\n'))
          let at = 0
          events.forEach(({ event, data, afterMs = 300 }, index) => {
            at += afterMs
            timers.push(
              setTimeout(() => {
                const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\nid: ${index + 1}\n\n`
                controller.enqueue(encoder.encode(frame))
              }, at),
            )
          })
          request.signal.addEventListener('abort', () => {
            timers.forEach(clearTimeout)
            controller.close()
          })
        },
      })
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    }),
  ]
}
