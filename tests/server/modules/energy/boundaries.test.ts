import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 34: the energy engine has one door. Outside src/server/modules/energy/, server code
 * imports it through energy.ts (figures, pricing, bills) and windows.ts (the calendar) only, so
 * a cost figure's path enters the folder once.
 */
const SERVER = path.resolve(import.meta.dirname, '../../../../src/server')
const ENERGY = path.join(SERVER, 'modules/energy')
const DOORS = new Set(['energy.ts', 'windows.ts'])

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []
  })
}

describe('the energy module', () => {
  it('is entered through energy.ts and windows.ts only', () => {
    const crossings = sources(SERVER)
      .filter((file) => !file.startsWith(ENERGY + path.sep))
      .flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)]
          .map((m) => path.resolve(path.dirname(file), m[1]!.replace(/^~\/server/, SERVER)))
          .filter((target) => target.startsWith(ENERGY + path.sep))
          .filter((target) => !DOORS.has(path.basename(target)))
          .map((target) => `${path.relative(SERVER, file)} -> ${path.relative(SERVER, target)}`),
      )
    expect(crossings).toEqual([])
  })
})
