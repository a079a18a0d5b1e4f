import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Builds the Storybook the way `npm run build-storybook` does (and Chromatic), once for the run.
 * STORYBOOK_STATIC_BUILT=1 tests the build already in storybook-static/ (while fixing stories).
 */
export default function setup() {
  if (process.env.STORYBOOK_STATIC_BUILT) return
  const started = Date.now()
  execFileSync('npm', ['run', '--silent', 'build-storybook'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    // Vitest sets NODE_ENV=test, which would give the preview React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  })
  console.log(`Storybook built in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
