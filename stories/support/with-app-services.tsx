import type { Decorator } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { createAppServices } from '~/features/shell/services'
import { AppServicesProvider } from '~/features/shared/use-app-services'
import type { ToastQueue } from '~/ui/Toast/toast-queue'

/** Every call of a story carries this id, so a toast that names it looks the same on every run. */
export const STORY_REQUEST_ID = '5e0f1a2b-0000-4000-8000-00000000beef'

/**
 * Under a test runner (navigator.webdriver), toasts stay ten times longer than in the app: on a
 * busy machine a play, its a11y check and the story's picture can take longer than a success
 * toast's 4 s, and the picture would then show it or not by chance. A story about the toasts'
 * own timing keeps the app's with `parameters.toastTimes = 'app'`.
 */
function lengthenToasts(queue: ToastQueue) {
  const add = queue.add.bind(queue)
  queue.add = (content, options) =>
    add(content, { ...options, timeout: options?.timeout && options.timeout * 10 })
}

/** Gives feature stories the app's services (feedback, scope, logs, a configured API client). */
function StoryAppServices({
  children,
  appToastTimes,
}: {
  children: ReactNode
  appToastTimes: boolean
}) {
  const [services] = useState(() => {
    const created = createAppServices({ navigate: () => {}, newRequestId: () => STORY_REQUEST_ID })
    if (navigator.webdriver && !appToastTimes) lengthenToasts(created.feedback.toasts)
    return created
  })
  return <AppServicesProvider value={services}>{children}</AppServicesProvider>
}

export const withAppServices: Decorator = (Story, { parameters }) => (
  <StoryAppServices appToastTimes={parameters.toastTimes === 'app'}>
    <Story />
  </StoryAppServices>
)
