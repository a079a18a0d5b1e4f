import type { FeedbackInput } from '../feedback/feedback-store'

/** A group's energy settings (issue 26): saved, or refused by the server. */
export const energyFeedback = {
  saved: {
    severity: 'success',
    title: 'Energy settings saved',
    message: 'Costs and CO₂ now follow the new settings.',
  },
  /** Closed bills kept: the new prices start on a date (issue 32). */
  savedFrom: (day: string): FeedbackInput => ({
    severity: 'success',
    title: 'Energy settings saved',
    message: `The new prices start on ${day}; closed bills keep theirs.`,
  }),
  saveFailed: {
    severity: 'error',
    title: 'Failed to save energy settings',
    message: 'Please review the energy settings and try again.',
  },
} as const satisfies Record<string, FeedbackInput | ((day: string) => FeedbackInput)>
