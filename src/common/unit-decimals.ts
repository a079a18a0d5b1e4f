/**
 * The decimals a figure of each unit shows: the precision rule of src/lib/format/quantity.ts, kept
 * here so the server's sentences (alarm texts, a refused reading's message), which the console
 * shows beside its own figures, follow it too. It imports nothing, so both sides can use it.
 */
const UNIT_DECIMALS: Readonly<Record<string, number>> = {
  Wh: 0,
  kWh: 2,
  MWh: 3,
  W: 0,
  kW: 2,
  MW: 3,
  V: 1,
}
const DEFAULT_DECIMALS = 2

/** Decimals a kWh value may be typed with (the manual reading): a meter register counts Wh. */
export const KWH_ENTRY_DECIMALS = 3

/** The decimals a figure in `unit` shows: 'kWh' and 'kWh/day' 2, 'W' 0, anything unknown 2. */
export function unitDecimals(unit: string): number {
  // A rate is shown at its quantity's precision: 'kWh/day' as 'kWh'.
  const quantity = unit.split('/')[0]!.trim()
  return UNIT_DECIMALS[quantity] ?? DEFAULT_DECIMALS
}
