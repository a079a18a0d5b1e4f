import type { Decorator } from '@storybook/react-vite'
import { FeedbackToasts } from '~/features/feedback/FeedbackToasts'

/**
 * The toast region the app renders at its root, so plays can read the feedback a page pushes.
 * Put it before `withAppServices` in `decorators` (it needs the services).
 */
export const withToasts: Decorator = (Story) => (
  <>
    <Story />
    <FeedbackToasts />
  </>
)
