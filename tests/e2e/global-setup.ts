import { execFileSync } from 'node:child_process'
import path from 'node:path'

/** Builds the SPA once for every e2e file (npm start would otherwise build it on first start). */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..')
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
}
