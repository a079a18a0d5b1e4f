/** Raw design tokens. Only the theme files read these; components read `vars`. */

/*
 * The hues of the environment accents stand apart: the app reads those at start, and a read
 * through `palette` would carry every colour into the first download.
 */
const amber = {
  50: '#fffbeb',
  100: '#fef3c7',
  300: '#fcd34d',
  400: '#fbbf24',
  600: '#d97706',
  700: '#b45309',
  900: '#78350f',
} as const
const violet = { 400: '#a78bfa', 600: '#7c3aed' } as const
const pink = { 400: '#f472b6', 600: '#db2777' } as const

export const palette = {
  white: '#ffffff',
  black: '#000000',
  gray: {
    50: '#f8fafc',
    100: '#f1f5f9',
    200: '#e2e8f0',
    300: '#cbd5e1',
    400: '#94a3b8',
    500: '#64748b',
    600: '#475569',
    700: '#334155',
    800: '#1e293b',
    850: '#172033',
    900: '#0f172a',
    950: '#0a0f1c',
  },
  blue: {
    50: '#eff6ff',
    100: '#dbeafe',
    300: '#93c5fd',
    400: '#60a5fa',
    500: '#3b82f6',
    600: '#2563eb',
    700: '#1d4ed8',
    900: '#1e3a8a',
  },
  teal: {
    50: '#f0fdfa',
    100: '#ccfbf1',
    300: '#5eead4',
    400: '#2dd4bf',
    500: '#14b8a6',
    600: '#0d9488',
    700: '#0f766e',
    800: '#115e59',
    900: '#134e4a',
  },
  green: {
    50: '#f0fdf4',
    100: '#dcfce7',
    300: '#86efac',
    400: '#4ade80',
    600: '#16a34a',
    700: '#15803d',
    900: '#14532d',
  },
  amber,
  orange: {
    50: '#fff7ed',
    300: '#fdba74',
    400: '#fb923c',
    600: '#ea580c',
    700: '#c2410c',
    900: '#7c2d12',
  },
  red: {
    50: '#fef2f2',
    100: '#fee2e2',
    300: '#fca5a5',
    400: '#f87171',
    600: '#dc2626',
    700: '#b91c1c',
    900: '#7f1d1d',
  },
  violet,
  pink,
} as const

export const space = {
  none: '0',
  xxs: '0.125rem',
  xs: '0.25rem',
  sm: '0.5rem',
  md: '0.75rem',
  lg: '1rem',
  xl: '1.5rem',
  xxl: '2rem',
  xxxl: '3rem',
} as const

export const fontSize = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.25rem',
  xxl: '1.5rem',
  display: '2rem',
} as const

export const radius = { sm: '4px', md: '6px', lg: '10px', full: '9999px' } as const

export const motion = { fast: '120ms', normal: '200ms', drawer: '300ms' } as const

/** Layout constants of spec §2/§9. */
export const layout = {
  desktopMinWidth: 1024,
  sidebarWidth: '16rem',
  drawerWidth: '18rem',
  drawerMaxWidth: '80%',
  topBarHeight: '3.5rem',
} as const

export const breakpoints = { tablet: 640, desktop: layout.desktopMinWidth } as const

/** Accent colour per non-production environment (spec §1). */
export const environmentAccent = {
  development: violet[600],
  test: amber[600],
  staging: pink[600],
} as const
export type EnvironmentWithAccent = keyof typeof environmentAccent

/** Stacking order; overlays portal into <body>, so these only order them among themselves. */
export const zIndex = { sticky: 10, drawer: 40, modal: 50, popover: 60, toast: 70 } as const

/** Control heights shared by buttons and fields so a toolbar lines up. */
export const controlHeight = { sm: '2rem', md: '2.25rem', lg: '2.75rem' } as const
