import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildReason } from './client-build.ts'

let root: string
const write = (file: string, minutesAgo: number) => {
  const full = path.join(root, file)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, '')
  const at = new Date(Date.now() - minutesAgo * 60_000)
  fs.utimesSync(full, at, at)
  // A directory's own time moves when a file is added: keep it as old as the oldest file.
  const parent = new Date(Date.now() - 120 * 60_000)
  for (let dir = path.dirname(full); dir.startsWith(root); dir = path.dirname(dir))
    fs.utimesSync(dir, parent, parent)
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-build-'))
  write('src/features/page.tsx', 60)
  write('src/server/app.ts', 60)
  write('index.html', 60)
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('buildReason (npm start)', () => {
  it('builds when there is no build', () => {
    expect(buildReason(root)).toBe('The console is not built yet')
  })

  it('serves a build newer than every source', () => {
    write('dist/index.html', 30)
    expect(buildReason(root)).toBeNull()
  })

  it('rebuilds when a console source changed after the build', () => {
    write('dist/index.html', 30)
    write('src/features/page.tsx', 5)
    expect(buildReason(root)).toBe('The console changed since its last build')
  })

  it('rebuilds when the contract changed, which the generated client follows', () => {
    write('dist/index.html', 30)
    write('openapi.yaml', 5)
    expect(buildReason(root)).toBe('The console changed since its last build')
  })

  it("ignores the server's own code", () => {
    write('dist/index.html', 30)
    write('src/server/app.ts', 5)
    expect(buildReason(root)).toBeNull()
  })
})
