import fs from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import type { TestApp } from './build.ts'

/** The audit log's entries once every line has reached the file. */
export async function auditEntries(t: TestApp): Promise<Array<Record<string, unknown>>> {
  await t.app.logs.flushed()
  return fs
    .readFileSync(path.join(t.dataDir, 'logs', 'audit.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** Each action was audited (by what the file's tests did before), and no password was written. */
export async function expectAudited(t: TestApp, actions: string[]) {
  const audit = await auditEntries(t)
  const seen = new Set(audit.map((entry) => entry.action))
  for (const action of actions) expect(seen, action).toContain(action)
  expect(JSON.stringify(audit)).not.toContain('password-')
  return audit
}
