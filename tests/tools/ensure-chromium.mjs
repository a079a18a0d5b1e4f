// Browser tests need Debian's chromium: nothing here can download a browser build.
// Install it when it is missing and we are root; otherwise say exactly what to install.
import { existsSync } from 'node:fs'
import { execSync } from 'node:child_process'

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
if (candidates.some((p) => p && existsSync(p))) process.exit(0)

if (process.getuid?.() !== 0) {
  console.error(
    'Browser tests need Chromium: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).',
  )
  process.exit(1)
}
console.log('Installing Debian chromium for the browser tests...')
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
execSync('apt-get update -qq', { stdio: 'inherit', env })
execSync('apt-get install -y -qq chromium fonts-dejavu-core', { stdio: 'inherit', env })
