/** Alarms raised and cleared by one committed transaction. */
export interface AlarmChange {
  raised: readonly string[]
  cleared: readonly string[]
}

/**
 * The one place a raised or cleared alarm leaves this module after its transaction committed
 * (the evaluator's runs and a clear by hand both come here). Channel deliveries do not depend on
 * it: they were queued in the same transaction and the outbox trigger woke the workers.
 *
 * The live event stream (issue 23) hears of them without this hook: an alarm raised for people
 * is a notification delivered to them, and migration 018's trigger announces each new delivery
 * (with the user's unread count) when the same transaction commits, on every replica.
 */
export function alarmsCommitted(
  log: { info(fields: object, message: string): void },
  change: AlarmChange,
): void {
  if (change.raised.length + change.cleared.length === 0) return
  log.info(
    { logger: 'alarms', raised: change.raised, cleared: change.cleared },
    'Alarms raised or cleared',
  )
}
