import type { Decorator } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { createAppServices } from '../../src/features/shell/services'
import { AppServicesProvider } from '../../src/features/shell/use-app-services'

/** Gives feature stories the app's services (feedback, scope, logs, a configured API client). */
function StoryAppServices({ children }: { children: ReactNode }) {
  const [services] = useState(() => createAppServices({ navigate: () => {} }))
  return <AppServicesProvider value={services}>{children}</AppServicesProvider>
}

export const withAppServices: Decorator = (Story) => (
  <StoryAppServices>
    <Story />
  </StoryAppServices>
)
