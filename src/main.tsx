import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import './styles/global.css'
import { applyEnvironment, applyTheme } from './styles'
import { createQueryClient } from './api/query-client'
import { createAppRouter } from './router'
import { appEnvironment } from './lib/environment'

applyEnvironment(appEnvironment)
applyTheme('system')

const queryClient = createQueryClient()
const router = createAppRouter({ queryClient })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
