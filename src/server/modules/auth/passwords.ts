import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** 128 * N * r bytes of work memory, with room: N=2^17, r=8 needs 128 MiB. */
const maxmem = (logN: number, r: number) => 2 * 128 * 2 ** logN * r

/**
 * scrypt at OWASP's parameters (N=2^17, r=8, p=1) by default. The parameters travel with the
 * hash (`scrypt$logN$r$p$salt$key`), so old hashes keep verifying when the cost is raised.
 */
export async function hashPassword(password: string, logN = 17): Promise<string> {
  const r = 8
  const p = 1
  const salt = randomBytes(16)
  const key = await derive(password, salt, { N: 2 ** logN, r, p, maxmem: maxmem(logN, r) })
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(logN), Number(r)),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
