import { environments, type AppEnvironment } from '../styles'

/** Spec §1: development, test, staging or production; development when unset. */
export function parseEnvironment(value: string | undefined): AppEnvironment {
  return (environments as readonly string[]).includes(value ?? '')
    ? (value as AppEnvironment)
    : 'development'
}

export const appEnvironment = parseEnvironment(import.meta.env.VITE_APP_ENV)

/** Development-like environments show error details (spec §2, failure screen). */
export const isDevelopmentLike = appEnvironment === 'development' || appEnvironment === 'test'
