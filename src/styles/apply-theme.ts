import { darkTheme, lightTheme } from './themes.css'
import { environmentAccent, type EnvironmentWithAccent } from './tokens'

export const themeModes = ['light', 'dark', 'system'] as const
export type ThemeMode = (typeof themeModes)[number]

const prefersDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false

/** Puts the theme class on <html> (not an app wrapper) so portalled overlays get it too. */
export function applyTheme(mode: ThemeMode, root: HTMLElement = document.documentElement) {
  const dark = mode === 'dark' || (mode === 'system' && prefersDark())
  root.classList.toggle(darkTheme, dark)
  root.classList.toggle(lightTheme, !dark)
}

export const environments = ['development', 'test', 'staging', 'production'] as const
export type AppEnvironment = (typeof environments)[number]

/**
 * Spec §1: outside production a body class and an accent colour are set at start,
 * and the page title is prefixed with the environment.
 */
export function applyEnvironment(env: AppEnvironment, doc: Document = document) {
  for (const e of environments) doc.body.classList.remove(`env-${e}`)
  doc.body.classList.add(`env-${env}`)
  if (env === 'production') {
    doc.documentElement.style.removeProperty('--md-color-accent')
    return
  }
  doc.documentElement.style.setProperty(
    '--md-color-accent',
    environmentAccent[env as EnvironmentWithAccent],
  )
  const prefix = `[${env.toUpperCase()}] `
  if (!doc.title.startsWith(prefix)) doc.title = prefix + doc.title
}
