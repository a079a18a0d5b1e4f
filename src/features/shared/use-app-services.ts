import { createContext, useContext, useSyncExternalStore } from 'react'

/**
 * The long-lived pieces the app shares (query client, stores, logger). Declared empty here and
 * filled in by `shell/services.ts`, which builds them (the way TanStack Router's `Register` is
 * filled in), so that every feature reads them without importing the shell that composes them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by shell/services.ts
export interface AppServices {}

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
