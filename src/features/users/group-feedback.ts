import type { FeedbackInput } from '../feedback/feedback-store'

/** Spec §8: the group toasts, word for word. */
export const groupFeedback = {
  created: {
    severity: 'success',
    title: 'Group created',
    message: 'Add members to begin assigning devices.',
  },
  createFailed: {
    severity: 'error',
    title: 'Failed to create group',
    message: 'Verify the group details and try again.',
  },
  updated: { severity: 'success', title: 'Group updated', message: 'Changes have been saved.' },
  updateFailed: {
    severity: 'error',
    title: 'Failed to update group',
    message: 'Please review the group settings and try again.',
  },
  deleted: {
    severity: 'success',
    title: 'Group deleted',
    message: 'All members have been unassigned from this group.',
  },
  deleteFailed: {
    severity: 'error',
    title: 'Cannot delete group',
    message: 'Ensure the group has no dependent resources before deleting.',
  },
} as const satisfies Record<string, FeedbackInput>

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
