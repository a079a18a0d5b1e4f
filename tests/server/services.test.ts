import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '~/server/app.ts'
import { loadConfig } from '~/server/config.ts'
import { createLogs } from '~/server/logging.ts'
import { backgroundServices, mqttIngest } from '~/server/services.ts'
import { createTestDatabase, type TestDatabase } from './helpers/database.ts'

const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** An app as tests build it: no background services unless the test registers them. */
async function app(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-services-'))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  const database: TestDatabase = await createTestDatabase(path.join(dir, 'pglite'))
  cleanups.push(() => database.dispose())
  const config = loadConfig({
    APP_ENV: 'test',
    DATA_DIR: dir,
    LOG_STDOUT: 'silent',
    PORT: '0',
    ...env,
  })
  const logs = createLogs({
    dir: path.join(dir, 'logs'),
    level: 'info',
    stdout: 'silent',
    rotation: config.logRotation,
  })
  cleanups.push(() => logs.close())
  return buildApp({ config, db: database.db, logs, sessionSecret: randomBytes(32) })
}

const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => resolve(!socket.destroy()))
    socket.once('error', () => resolve(true))
  })

describe('the background services (services.ts)', () => {
  it('are not started by an app that does not register them', async () => {
    const built = await app({ MQTT_ENABLED: '1', MQTT_PORT: '0' })
    await built.listen({ port: 0, host: '127.0.0.1' })
    expect(built.mqtt).toMatchObject({ mode: 'off', reason: 'not started by this process' })
    expect(built.hasPlugin('background-services')).toBe(false)
    await built.close()
  }, 60_000)

  it('start MQTT once the console listens, and stop it when the app closes', async () => {
    const built = await app({ MQTT_ENABLED: '1', MQTT_PORT: '0', RULES_EVALUATOR: '0' })
    // Added first, as server.ts adds the hook that closes the database: it runs last.
    let stoppedBeforeLastHook: boolean | undefined
    built.addHook('onClose', async () => {
      stoppedBeforeLastHook = await refuses(built.mqtt.port!)
    })
    await built.register(backgroundServices)
    await built.ready()
    // Registered, not yet listening: MQTT waits for the console.
    expect(built.mqtt).toMatchObject({ mode: 'off', reason: 'starting' })
    await built.listen({ port: 0, host: '127.0.0.1' })
    await built.servicesListening()
    expect(built.mqtt).toMatchObject({ mode: 'embedded', host: '127.0.0.1' })
    const port = built.mqtt.port!
    expect(await refuses(port)).toBe(false)
    await built.close()
    expect(await refuses(port)).toBe(true)
    expect(stoppedBeforeLastHook).toBe(true)
  }, 60_000)

  it('refuse to start out of order: MQTT needs the services it stops before', async () => {
    const built = await app()
    await expect(built.register(mqttIngest)).rejects.toThrow(/maintenance/)
    await built.close().catch(() => {})
  }, 60_000)
})
