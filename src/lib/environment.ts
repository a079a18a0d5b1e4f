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

export const PRODUCT_NAME = 'Meterdeck'

/**
 * A tab's title: the page, then the product, after the environment prefix outside production
 * (spec §1), so tabs and history entries can be told apart ('[STAGING] Devices · Meterdeck').
 */
export function pageTitle(page: string | undefined, environment: AppEnvironment = appEnvironment) {
  const prefix = environment === 'production' ? '' : `[${environment.toUpperCase()}] `
  return `${prefix}${page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME}`
}
