import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from './helpers/build.ts'

/**
 * Source maps hold the whole client source: the build writes them hidden (vite.config.ts) and
 * the server serves them only in development.
 */

let spaDir: string
const MAP = JSON.stringify({ version: 3, sources: ['src/secret.ts'], sourcesContent: ['// all'] })

beforeAll(() => {
  spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-maps-'))
  fs.mkdirSync(path.join(spaDir, 'assets'))
  fs.writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Console</title>')
  fs.writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js.map'), MAP)
})
afterAll(() => fs.rmSync(spaDir, { recursive: true, force: true }))

const get = (t: TestApp, url: string) => t.call(null, { method: 'GET', url })

describe('source maps with APP_ENV=production', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await build({ appEnv: 'production' }, { spa: true, spaDir })
  })
  afterAll(async () => t?.close())

  it('are not served, however the path is spelled; the bundles are', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js%2Emap',
      '/assets/index-abc123.js.%6d%61%70',
      '/assets/index-abc123.js.map?v=1',
      '/assets/../assets/index-abc123.js.map',
    ]) {
      const response = await get(t, url)
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.body, url).not.toContain('sourcesContent')
    }
    expect((await get(t, '/assets/index-abc123.js.map')).statusCode).toBe(404)
    const bundle = await get(t, '/assets/index-abc123.js')
    expect(bundle.statusCode).toBe(200)
    expect(bundle.body).toBe('console.log(1)')
    // Client routes still get the console.
    expect((await get(t, '/devices')).body).toContain('<title>Console</title>')
  })
})

describe('source maps with APP_ENV=development', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await build({ appEnv: 'development' }, { spa: true, spaDir })
  })
  afterAll(async () => t?.close())

  it('are served, for debugging the build', async () => {
    const response = await get(t, '/assets/index-abc123.js.map')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ sources: ['src/secret.ts'] })
  })
})
