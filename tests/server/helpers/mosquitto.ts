/**
 * A Mosquitto of the test's own on a free port: the shipped deploy/mosquitto/mosquitto.conf (or
 * the configuration given), its paths moved to a temporary directory, with a dynamic-security
 * admin made by `mosquitto_ctrl dynsec init` when the configuration loads the plugin.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { freePort, root } from '../../e2e/support/server.ts'

export const SHIPPED_CONFIG = readFileSync(
  path.join(root, 'deploy/mosquitto/mosquitto.conf'),
  'utf8',
)

export interface Mosquitto {
  port: number
  /** mqtt://[user:password@]127.0.0.1:port */
  url(username?: string, password?: string): string
  /** The dynamic-security admin's URL (when the plugin is loaded). */
  adminUrl: string
  output(): string
  stop(): Promise<void>
}

export async function startMosquitto(config = SHIPPED_CONFIG): Promise<Mosquitto> {
  const dir = mkdtempSync(path.join(tmpdir(), 'meterdeck-mosquitto-'))
  const port = await freePort()
  const admin = { username: 'admin', password: crypto.randomUUID() }
  const text = config
    .replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`)
    .replaceAll('/var/lib/mosquitto/', `${dir}/`)
  if (text.includes('mosquitto_dynamic_security')) {
    execFileSync('mosquitto_ctrl', [
      'dynsec',
      'init',
      path.join(dir, 'dynamic-security.json'),
      admin.username,
      admin.password,
    ])
  }
  const file = path.join(dir, 'mosquitto.conf')
  // Run as whoever runs the tests (as root, Mosquitto would switch to the user `mosquitto`, who
  // cannot read the temporary directory).
  writeFileSync(file, `${text}\nlog_dest stderr\nuser ${userInfo().username}\n`)
  const child = spawn('mosquitto', ['-c', file], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const killWithParent = () => child.kill('SIGKILL')
  process.once('exit', killWithParent)
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (/mosquitto version \S+ running/.test(output)) resolve()
    }
    child.stderr.on('data', onData)
    child.stdout.on('data', onData)
    child.once('exit', (code) => reject(new Error(`mosquitto exited (${code}):\n${output}`)))
  })
  const url = (username?: string, password?: string) =>
    username
      ? `mqtt://${encodeURIComponent(username)}:${encodeURIComponent(password ?? '')}@127.0.0.1:${port}`
      : `mqtt://127.0.0.1:${port}`
  return {
    port,
    url,
    adminUrl: url(admin.username, admin.password),
    output: () => output,
    async stop() {
      child.kill('SIGTERM')
      await exited
      process.off('exit', killWithParent)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
