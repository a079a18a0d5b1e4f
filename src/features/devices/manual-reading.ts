import { formatKwhAsEntered, formatNumber } from '~/lib/format'
/** Rules of a manual meter reading (spec issue 8): a number, not below the previous one unless reset. */
export interface ManualReadingInput {
  kwh: number
  /** A two-way meter's export register; NaN or left out when not read. */
  export_kwh?: number
  /** ISO instant, or null for now. */
  timestamp: string | null
  isReset: boolean
}

export interface PreviousReading {
  kwh: number
  at: string | null
}

export type ManualReadingErrors = Partial<Record<'kwh' | 'export_kwh' | 'timestamp', string>>

/** openapi.yaml's bound on a meter value: more than any register holds, and sums stay finite. */
export const MAX_METER_KWH = 1e12

export function validateManualReading(
  input: ManualReadingInput,
  previous: PreviousReading | null,
  now: Date,
): ManualReadingErrors {
  const errors: ManualReadingErrors = {}
  const kwh = Number.isFinite(input.kwh)
    ? (outOfBounds(input.kwh, 'A meter value') ?? belowPrevious(input, previous, now))
    : 'Enter the meter value as a number.'
  if (kwh) errors.kwh = kwh
  // The export register is optional: only a value typed in is checked.
  const exported = input.export_kwh
  const exportError =
    exported !== undefined && Number.isFinite(exported)
      ? outOfBounds(exported, 'An export value')
      : undefined
  if (exportError) errors.export_kwh = exportError
  if (input.timestamp && new Date(input.timestamp).getTime() > now.getTime() + 60_000) {
    errors.timestamp = 'The reading cannot be in the future.'
  }
  return errors
}

function belowPrevious(
  input: ManualReadingInput,
  previous: PreviousReading | null,
  now: Date,
): string | undefined {
  if (!previous || input.isReset || input.kwh >= previous.kwh || !readBefore(previous, input, now))
    return undefined
  return `Below the previous reading of ${formatKwhAsEntered(previous.kwh)}. If the meter was reset or replaced, mark it below.`
}

/** Why a register's value is outside the contract's bounds, named as `what`; undefined if within. */
function outOfBounds(value: number, what: string): string | undefined {
  if (value < 0) return `${what} cannot be negative.`
  if (value > MAX_METER_KWH) return `${what} is at most ${formatNumber(MAX_METER_KWH)} kWh.`
  return undefined
}

/** Only a reading taken after the previous one must be at least as high (a back-dated one may be lower). */
function readBefore(previous: PreviousReading, input: ManualReadingInput, now: Date) {
  if (!previous.at) return true
  const at = input.timestamp ? new Date(input.timestamp) : now
  return at.getTime() >= new Date(previous.at).getTime()
}
