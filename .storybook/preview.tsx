import type { Decorator, Preview } from '@storybook/react-vite'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import { useMemo, useState, type ComponentType, type ReactNode } from 'react'
import '../src/styles/global.css'
import { baseHandlers } from '../src/mocks/handlers'
import { applyTheme, type ThemeMode } from '../src/styles'

/** Theme class on <html>, as in the app, so overlays rendered into <body> are themed too. */
const withTheme: Decorator = (Story, { globals }) => {
  applyTheme((globals.theme as ThemeMode | undefined) ?? 'light')
  return <Story />
}

/** A fresh cache per story: no state leaks from one story (or test) into the next. */
function StoryQueryClient({ children }: { children: ReactNode }) {
  const client = useMemo(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
    [],
  )
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
const withQueryClient: Decorator = (Story) => (
  <StoryQueryClient>
    <Story />
  </StoryQueryClient>
)

/** Links and router hooks work in every story; `parameters.route` sets the current location. */
function StoryRouter({ story: Story, route }: { story: ComponentType; route: string }) {
  const [router] = useState(() =>
    createRouter({
      routeTree: createRootRoute({ component: Story }),
      history: createMemoryHistory({ initialEntries: [route] }),
    }),
  )
  return <RouterProvider router={router} />
}
const withRouter: Decorator = (Story, { parameters }) => (
  <StoryRouter story={Story} route={parameters.route ?? '/'} />
)

const preview: Preview = {
  decorators: [withRouter, withQueryClient, withTheme],
  loaders: [mswLoader()],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    a11y: { test: 'error' },
    // Keyed by API area: a story overrides one area and keeps the rest (Storybook merges objects).
    msw: { handlers: baseHandlers },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  tags: ['autodocs'],
}

export default preview
