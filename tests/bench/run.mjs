// `npm run bench`: every benchmark under tests/bench, one after another, each printing its figures.
// Benchmarks measure on purpose; they are never part of `npm test`.
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'

const here = import.meta.dirname
const root = path.resolve(here, '../..')
const bin = (name) => path.join(root, 'node_modules/.bin', name)
const only = process.argv.slice(2)

execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
for (const file of readdirSync(here)
  .filter((f) => /\.bench\.(m?js|ts)$/.test(f))
  .sort()) {
  if (only.length && !only.some((o) => file.includes(o))) continue
  console.log(`\n=== ${file} ===`)
  const [command, args] = file.endsWith('.ts')
    ? [bin('tsx'), [path.join(here, file)]]
    : [process.execPath, [path.join(here, file)]]
  execFileSync(command, args, { cwd: root, stdio: 'inherit' })
}
