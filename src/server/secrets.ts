import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from './config.ts'

/**
 * The key that signs access tokens: SESSION_SECRET when set (several replicas must share it),
 * else a random key kept in DATA_DIR/session.key (created on first start, readable by us only).
 */
export function loadSessionSecret(config: Config): Buffer {
  if (config.sessionSecret) return Buffer.from(config.sessionSecret, 'utf8')
  const file = path.join(config.dataDir, 'session.key')
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex')
    if (key.length >= 32) return key
    throw new Error(
      `${file} does not hold a 32-byte hex key; delete it to make a new one (this signs everyone out).`,
    )
  }
  fs.mkdirSync(config.dataDir, { recursive: true })
  const key = randomBytes(32)
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' })
  return key
}
