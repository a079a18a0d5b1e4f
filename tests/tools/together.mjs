/**
 * Runs shell commands at the same time and fails if any of them fails, each output line prefixed
 * with its command's number. `npm test` builds the static Storybook beside the type check and
 * lint: those run on one core each, one after the other, and leave the second core idle.
 *   node tests/tools/together.mjs 'npm run typecheck && npm run lint' 'npm run build-storybook'
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const commands = process.argv.slice(2)

function run(command, index) {
  const started = Date.now()
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] })
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => console.log(`[${index + 1}] ${line}`))
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0)
      console.log(
        `[${index + 1}] ${code === 0 ? 'done' : `failed (${code})`} in ${seconds} s: ${command}`,
      )
      resolve(code === 0)
    }),
  )
}

const results = await Promise.all(commands.map(run))
process.exit(results.every(Boolean) ? 0 : 1)
