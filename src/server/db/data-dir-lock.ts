import fs from 'node:fs'
import path from 'node:path'

/** Raised when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError'
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite is one process's database: two processes writing the same directory corrupt it.
 * Takes `dir/.lock` (our pid inside), replacing a lock whose process is gone. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, '.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      let released = false
      return () => {
        if (released) return
        released = true
        fs.rmSync(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(fs.readFileSync(file, 'utf8').trim())
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another server process (pid ${pid}). ` +
            'Stop that process, or start this one with a different DATA_DIR (or DATABASE_URL for PostgreSQL).',
        )
      }
      if (pid === process.pid) {
        throw new DataDirLockedError(`The data directory ${dir} is already open in this process.`)
      }
      fs.rmSync(file, { force: true }) // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`)
}
