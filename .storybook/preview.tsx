import type { Decorator, Loader, Preview } from '@storybook/react-vite'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { configure } from 'storybook/test'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  RouterProvider,
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import '../src/styles/global.css'
import { baseHandlers } from '../src/mocks/handlers'
import { applyTheme, type ThemeMode } from '../src/styles'

/*
 * findBy* and waitFor give up after 1 s by default: too soon for a mocked answer on two busy
 * cores, in the built Storybook as much as in the test runner.
 */
configure({ asyncUtilTimeout: 5000 })

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

/** The decorated story, for the router's root route to render. */
const StorySlot = createContext<ReactNode>(null)
function RenderStory() {
  return useContext(StorySlot)
}

/**
 * Links and router hooks work in every story; `parameters.route` sets the current location.
 * The router resolves that location here, before the story mounts: left to RouterProvider it
 * resolves after the first commit, so in the production build (where React renders without
 * `act`) the play function started on an empty canvas.
 */
const routerLoader: Loader = async ({ parameters }) => {
  const router = createRouter({
    routeTree: createRootRoute({ component: RenderStory }),
    history: createMemoryHistory({ initialEntries: [parameters.route ?? '/'] }),
  })
  await router.load()
  return { router }
}
const withRouter: Decorator = (Story, { loaded }) => (
  <StorySlot.Provider value={<Story />}>
    <RouterProvider router={loaded.router as AnyRouter} />
  </StorySlot.Provider>
)

const preview: Preview = {
  decorators: [withRouter, withQueryClient, withTheme],
  loaders: [mswLoader(), routerLoader],
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
