import type { LoginLimits } from '../config.ts'
import { SYSTEM, type Database, type Tx } from '../db/database.ts'

export interface LoginAttempt {
  /** Seconds to wait before trying again; 0 when this attempt may go ahead. */
  retryAfter: number
  /** The password was right: the account's failures and this attempt's are forgotten. */
  succeeded(): Promise<void>
}

const REFUSED = (retryAfter: number): LoginAttempt => ({
  retryAfter,
  succeeded: () => Promise.reject(new Error('a refused attempt cannot succeed')),
})

/** Advisory lock classes, so an account and an address never share a lock. */
const ACCOUNT_LOCK = 7_340_101
const ADDRESS_LOCK = 7_340_102

/**
 * Sign-in throttling, kept in the database so every replica on one PostgreSQL counts the same
 * attempts (PGlite runs the same SQL). Within `windowMs`:
 *
 * - an address may fail `perAddressFailures` times across all accounts, and try
 *   `perAddressPerMinute` times a minute (one source guessing many accounts, or hammering);
 * - an account may fail `perAccount` times from each address: a stranger's failures lock the
 *   stranger out, not the owner signing in from elsewhere;
 * - once an account has failed `accountUnderAttack` times from all addresses together, an address
 *   that has failed on it is refused: many addresses guessing one password get one guess each,
 *   while an address that has not failed (the owner's, usually) may still sign in.
 *
 * An attempt is recorded as a failure when it begins and forgotten when the password proves
 * right (the failures of that account from that address, and this attempt's): guesses sent in
 * parallel (to one replica or several) are all counted, and a request that dies half-way still
 * counts. Per key, the check and the record are one step under an advisory lock.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    readonly limits: LoginLimits,
  ) {}

  async begin(account: string, address: string): Promise<LoginAttempt> {
    return this.db.transaction(SYSTEM, async (tx) => {
      await tx.query(
        'SELECT pg_advisory_xact_lock($1, hashtext($2)), pg_advisory_xact_lock($3, hashtext($4))',
        [ACCOUNT_LOCK, account, ADDRESS_LOCK, address],
      )
      await tx.query('DELETE FROM login_attempts WHERE at <= now() - make_interval(secs => $1)', [
        Math.max(this.limits.windowMs / 1000, 60),
      ])
      const wait = await this.#wait(tx, account, address)
      if (wait > 0) return REFUSED(Math.max(1, Math.ceil(wait)))
      const { rows } = await tx.query<{ id: number; kind: string }>(
        `INSERT INTO login_attempts (kind, key, address)
         VALUES ('address_attempt', $2, NULL), ('account_failure', $1, $2), ('address_failure', $2, NULL)
         RETURNING id, kind`,
        [account, address],
      )
      const failure = rows.find((r) => r.kind === 'address_failure')!.id
      return {
        retryAfter: 0,
        succeeded: async () => {
          // Only this address's failures: the owner signing in must not reset a stranger's count.
          await this.db.query(
            `DELETE FROM login_attempts
             WHERE (kind = 'account_failure' AND key = $1 AND address = $2) OR id = $3`,
            [account, address, failure],
          )
        },
      }
    })
  }

  /**
   * Seconds until every full limit has room again (the longest wait), or 0 when none is full. A
   * limit's room comes when the oldest of its last `limit` events leaves the window; an address
   * refused under attack waits for its own last failure on the account, or for the account's
   * count to drop below the mark, whichever comes first.
   */
  async #wait(tx: Tx, account: string, address: string): Promise<number> {
    const { perAccount, accountUnderAttack, perAddressFailures, perAddressPerMinute, windowMs } =
      this.limits
    const { rows } = await tx.query<{ wait: number | null }>(
      `WITH edge AS (
         SELECT
           (SELECT at FROM login_attempts WHERE kind = 'account_failure' AND key = $1
              AND address = $2 AND at > now() - make_interval(secs => $7)
              ORDER BY at DESC OFFSET $3 LIMIT 1) + make_interval(secs => $7) AS pair,
           (SELECT max(at) FROM login_attempts WHERE kind = 'account_failure' AND key = $1
              AND address = $2 AND at > now() - make_interval(secs => $7))
             + make_interval(secs => $7) AS pair_last,
           (SELECT at FROM login_attempts WHERE kind = 'account_failure' AND key = $1
              AND at > now() - make_interval(secs => $7) ORDER BY at DESC OFFSET $4 LIMIT 1)
             + make_interval(secs => $7) AS account,
           (SELECT at FROM login_attempts WHERE kind = 'address_failure' AND key = $2
              AND at > now() - make_interval(secs => $7) ORDER BY at DESC OFFSET $5 LIMIT 1)
             + make_interval(secs => $7) AS failures,
           (SELECT at FROM login_attempts WHERE kind = 'address_attempt' AND key = $2
              AND at > now() - interval '1 minute' ORDER BY at DESC OFFSET $6 LIMIT 1)
             + interval '1 minute' AS attempts)
       SELECT extract(epoch FROM greatest(
           pair,
           -- least() and greatest() skip NULLs: under attack only when both are set.
           CASE WHEN account IS NOT NULL AND pair_last IS NOT NULL THEN least(account, pair_last) END,
           failures,
           attempts) - now())::float8 AS wait
       FROM edge`,
      [
        account,
        address,
        perAccount - 1,
        accountUnderAttack - 1,
        perAddressFailures - 1,
        perAddressPerMinute - 1,
        windowMs / 1000,
      ],
    )
    return rows[0]?.wait ?? 0
  }
}
