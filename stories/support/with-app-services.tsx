import type { Decorator } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { createAppServices } from '../../src/features/shell/services'
import { AppServicesProvider } from '../../src/features/shared/use-app-services'

/** Every call of a story carries this id, so a toast that names it looks the same on every run. */
export const STORY_REQUEST_ID = '5e0f1a2b-0000-4000-8000-00000000beef'

/** Gives feature stories the app's services (feedback, scope, logs, a configured API client). */
function StoryAppServices({ children }: { children: ReactNode }) {
  const [services] = useState(() =>
    createAppServices({ navigate: () => {}, newRequestId: () => STORY_REQUEST_ID }),
  )
  return <AppServicesProvider value={services}>{children}</AppServicesProvider>
}

export const withAppServices: Decorator = (Story) => (
  <StoryAppServices>
    <Story />
  </StoryAppServices>
)
