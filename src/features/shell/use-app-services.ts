import { createContext, useContext, useSyncExternalStore } from 'react'
import type { AppServices } from './services'

const AppServicesContext = createContext<AppServices | null>(null)
export const AppServicesProvider = AppServicesContext.Provider

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext)
  if (!services) throw new Error('useAppServices must be used inside <AppServicesProvider>')
  return services
}

/** The current group scope (null = none), re-rendering when it changes. */
export function useGroupScope() {
  const { scope } = useAppServices()
  return useSyncExternalStore(scope.subscribe, scope.get)
}
