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
