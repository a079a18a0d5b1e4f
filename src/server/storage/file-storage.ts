import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Where uploaded files (manual-reading photos) live. Keys are made by the server, never by the
 * client. The default keeps them under the data directory; an object store (S3, GCS...) can take
 * its place by implementing these three calls, since the database stores only the key.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>
  /** The stored bytes, or undefined when nothing is stored under `key`. */
  open(key: string): Promise<Readable | undefined>
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>
  /**
   * Keys of the files last written before `before`, in no order: what the sweep checks against
   * the rows. Leftovers of writes that never finished, older than that, are removed on the way.
   */
  keys(before: Date): AsyncIterable<string>
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
  }
}

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/

/** Files under `root`, one per key (`a/b/c` -> root/a/b/c). */
export function diskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`)
    return path.join(root, ...key.split('/'))
  }
  return {
    async put(key, data) {
      const file = fileOf(key)
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      // Written aside and renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`
      await fs.promises.writeFile(partial, data)
      await fs.promises.rename(partial, file)
    },
    async open(key) {
      const file = fileOf(key)
      try {
        const handle = await fs.promises.open(file, 'r')
        return handle.createReadStream()
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true })
    },
    async *keys(before) {
      if (!fs.existsSync(root)) return
      // Streamed: a directory of a million photos is never held in memory at once.
      for await (const entry of await fs.promises.opendir(root, { recursive: true })) {
        if (!entry.isFile()) continue
        const file = path.join(entry.parentPath, entry.name)
        const stat = await fs.promises.stat(file).catch(() => undefined)
        if (!stat || stat.mtime >= before) continue
        const key = path.relative(root, file).split(path.sep).join('/')
        if (KEY.test(key)) yield key
        else if (key.endsWith('.partial')) await fs.promises.rm(file, { force: true })
      }
    },
  }
}
