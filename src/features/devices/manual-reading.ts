import { formatKwhAsEntered, formatNumber } from '~/lib/format'
/** Rules of a manual meter reading (spec issue 8): a number, not below the previous one unless reset. */
export interface ManualReadingInput {
  kwh: number
  /** ISO instant, or null for now. */
  timestamp: string | null
  isReset: boolean
}

export interface PreviousReading {
  kwh: number
  at: string | null
}

export type ManualReadingErrors = Partial<Record<'kwh' | 'timestamp', string>>

/** openapi.yaml's bound on a meter value: more than any register holds, and sums stay finite. */
export const MAX_METER_KWH = 1e12

export function validateManualReading(
  input: ManualReadingInput,
  previous: PreviousReading | null,
  now: Date,
): ManualReadingErrors {
  const errors: ManualReadingErrors = {}
  if (!Number.isFinite(input.kwh)) errors.kwh = 'Enter the meter value as a number.'
  else if (input.kwh < 0) errors.kwh = 'A meter value cannot be negative.'
  else if (input.kwh > MAX_METER_KWH)
    errors.kwh = `A meter value is at most ${formatNumber(MAX_METER_KWH)} kWh.`
  else if (
    previous &&
    !input.isReset &&
    input.kwh < previous.kwh &&
    readBefore(previous, input, now)
  ) {
    errors.kwh = `Below the previous reading of ${formatKwhAsEntered(previous.kwh)}. If the meter was reset or replaced, mark it below.`
  }
  if (input.timestamp && new Date(input.timestamp).getTime() > now.getTime() + 60_000) {
    errors.timestamp = 'The reading cannot be in the future.'
  }
  return errors
}

/** Only a reading taken after the previous one must be at least as high (a back-dated one may be lower). */
function readBefore(previous: PreviousReading, input: ManualReadingInput, now: Date) {
  if (!previous.at) return true
  const at = input.timestamp ? new Date(input.timestamp) : now
  return at.getTime() >= new Date(previous.at).getTime()
}
