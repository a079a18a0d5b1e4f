import type { ServerNotice } from '~/api/__generated__/types.gen.ts'
import type { LoadMeter } from './load-meter.ts'

export type { ServerNotice }

/** Gives the notice that holds now, or null. Called on every status request: keep it cheap. */
export type NoticeSource = () => ServerNotice | null | Promise<ServerNotice | null>

const ORDER: Record<ServerNotice['severity'], number> = { critical: 0, warning: 1, info: 2 }

/**
 * The notices admins see about the server (GET /api/v1/server/status, the console's banner).
 * Any part of the server adds its own with one call, `app.notices.register(source)`; the
 * source is asked each time, so a notice disappears once its condition no longer holds.
 */
export class NoticeRegistry {
  readonly #sources = new Set<NoticeSource>()

  /** Adds a source of notices; returns the function that removes it again. */
  register(source: NoticeSource): () => void {
    this.#sources.add(source)
    return () => this.#sources.delete(source)
  }

  /** The notices that hold now, most severe first. A failing source is left out, not fatal. */
  async list(): Promise<ServerNotice[]> {
    const answers = await Promise.allSettled([...this.#sources].map(async (source) => source()))
    return answers
      .flatMap((a) => (a.status === 'fulfilled' && a.value ? [a.value] : []))
      .sort((a, b) => ORDER[a.severity] - ORDER[b.severity])
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    notices: NoticeRegistry
    load: LoadMeter
  }
}
