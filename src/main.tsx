import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
// The UI font, from the entry: imported from a module the entry only imports for its side effect,
// its @font-face rules were tree-shaken out of production builds (package.json `sideEffects`).
import '@fontsource-variable/inter'
import '@fontsource-variable/jetbrains-mono'
import './styles/global.css'
import { applyEnvironment, applyTheme } from './styles'
import { appEnvironment } from './lib/environment'
import { createAppServices } from './features/shell/services'
import { AppServicesProvider } from './features/shared/use-app-services'
import { createAppRouter } from './router'

applyEnvironment(appEnvironment)
applyTheme('system')

const services = createAppServices({
  navigate: (href) => router.navigate({ href, replace: true }),
})
const router = createAppRouter(services)
// Not needed to show the first page: it loads beside it, and ships what was logged before it came.
void import('./features/debug/ship-logs').then(({ shipFrontendLogs }) =>
  shipFrontendLogs(services.logs),
)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <AppServicesProvider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppServicesProvider>
  </StrictMode>,
)
