/**
 * A bill (issue 26): the energy charges plus the standing charges, to the cent; null when either
 * is unknown. The report CSV's `bill` line and the server's bills (billing/bills.ts) both add up
 * a bill with it.
 */
export const billTotal = (energy: number | null, standing: number | null): number | null =>
  energy === null || standing === null ? null : Math.round((energy + standing) * 100) / 100
