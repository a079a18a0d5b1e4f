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
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react'
import '@fontsource-variable/inter'
import '@fontsource-variable/jetbrains-mono'
import '~/styles/global.css'
import { baseHandlers } from '~/mocks/handlers'
import { applyTheme, type ThemeMode } from '~/styles'

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

/*
 * Plays start once the story is on the screen, in every mode. The test runner renders inside
 * React's act(), which commits the story (and its effects) before the play looks. The built
 * Storybook, which designers and Chromatic open, has no act (Storybook's React renderer skips it
 * when NODE_ENV is production): React renders the story on a later task, so a play that looked at
 * once found `#storybook-root` empty. So the story is mounted here, and the play starts at the
 * first frame painted after the story's first commit: what a person sees when the page appears
 * (React Aria's collections, such as tabs and select options, fill in on the render right after
 * the first commit). What comes later (answers, fades) plays wait for with findBy* or waitFor, as
 * a person waits.
 */
const commits = new WeakMap<HTMLElement, () => void>()
function SignalCommit({ canvas, children }: { canvas: HTMLElement; children: ReactNode }) {
  // Every commit, not only the first: Storybook re-renders a story in place when args change.
  useEffect(() => commits.get(canvas)?.())
  return children
}
const withCommitSignal: Decorator = (Story, { canvasElement }) => (
  <SignalCommit canvas={canvasElement}>
    <Story />
  </SignalCommit>
)
/** After the next painted frame and the tasks queued before it (React's scheduled renders). */
function nextFrame() {
  return new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => resolve()
      channel.port2.postMessage(null)
    }),
  )
}
const mountOnScreen: NonNullable<Preview['mount']> = (context) => async (ui?: ReactNode) => {
  if (ui != null) context.originalStoryFn = () => ui
  const committed = new Promise<void>((resolve) => commits.set(context.canvasElement, resolve))
  // A story that throws while rendering never commits: Storybook shows the error, and leaving
  // the story (its abort signal) ends the wait.
  const left = new Promise<void>((resolve) =>
    context.abortSignal.addEventListener('abort', () => resolve(), { once: true }),
  )
  await context.renderToCanvas()
  await Promise.race([committed, left])
  commits.delete(context.canvasElement)
  await nextFrame()
  return context.canvas
}

const preview: Preview = {
  // The last decorator wraps the others: the commit signal sees the whole story commit.
  decorators: [withRouter, withQueryClient, withTheme, withCommitSignal],
  mount: mountOnScreen,
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
