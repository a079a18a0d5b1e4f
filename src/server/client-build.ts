import fs from 'node:fs'
import path from 'node:path'

/** What the console's build reads, under the project root; the server's own code is not part. */
const CLIENT_INPUTS = ['src', 'index.html', 'vite.config.ts', 'openapi.yaml', 'package-lock.json']

function newestChange(entry: string, skip: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat || entry === skip) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name), skip)),
  )
}

/**
 * Why `npm start` must build the console in `root`/dist first, or null: a pull or an edit must
 * not serve yesterday's build.
 */
export function buildReason(root: string): string | null {
  const built = fs.statSync(path.join(root, 'dist', 'index.html'), { throwIfNoEntry: false })
  if (!built) return 'The console is not built yet'
  const skip = path.join(root, 'src', 'server')
  const changed = Math.max(
    ...CLIENT_INPUTS.map((input) => newestChange(path.join(root, input), skip)),
  )
  return changed > built.mtimeMs ? 'The console changed since its last build' : null
}
