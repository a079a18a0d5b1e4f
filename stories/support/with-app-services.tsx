import type { Decorator } from '@storybook/react-vite'
import { useState } from 'react'
import { createAppServices } from '../../src/features/shell/services'
import { AppServicesProvider } from '../../src/features/shell/use-app-services'

/** Gives feature stories the app's services (feedback, scope, logs, a configured API client). */
export const withAppServices: Decorator = (Story) => {
  const [services] = useState(() => createAppServices({ navigate: () => {} }))
  return (
    <AppServicesProvider value={services}>
      <Story />
    </AppServicesProvider>
  )
}
