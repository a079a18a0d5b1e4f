import { assignVars, globalStyle, style } from '@vanilla-extract/css'
import { vars } from './vars.css'
import { fontSize, motion, palette, radius, space } from './tokens'

const shared = {
  space,
  fontSize,
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  font: {
    body: "'Inter Variable', 'Inter', system-ui, -apple-system, 'Segoe UI', sans-serif",
    // Packaged with the app (main.tsx, the Storybook preview): pictures do not depend on the machine's fonts.
    mono: "'JetBrains Mono Variable', ui-monospace, 'SFMono-Regular', Menlo, monospace",
  },
  lineHeight: { tight: '1.25', normal: '1.5' },
  radius,
  motion,
}

const light = {
  ...shared,
  color: {
    background: palette.gray[50],
    surface: palette.white,
    surfaceRaised: palette.white,
    surfaceSunken: palette.gray[100],
    surfaceHover: palette.gray[100],
    skeleton: palette.gray[200],
    border: palette.gray[200],
    borderStrong: palette.gray[300],
    text: palette.gray[900],
    textMuted: palette.gray[600],
    textSubtle: palette.gray[500],
    textOnBrand: palette.white,
    textOnDanger: palette.white,
    brand: palette.teal[700],
    brandHover: palette.teal[800],
    brandSoft: palette.teal[50],
    focusRing: palette.blue[600],
    accent: palette.teal[700],
    info: palette.blue[700],
    infoSoft: palette.blue[50],
    success: palette.green[700],
    successSoft: palette.green[50],
    warning: palette.amber[700],
    warningSoft: palette.amber[50],
    danger: palette.red[700],
    dangerHover: palette.red[600],
    dangerSoft: palette.red[50],
    caution: palette.orange[700],
    overlay: 'rgba(15, 23, 42, 0.45)',
    chart1: palette.teal[600],
    chart2: palette.blue[500],
    chart3: palette.amber[600],
    chartGrid: palette.gray[200],
  },
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.06)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.16)',
  },
}

const dark = {
  ...shared,
  color: {
    background: palette.gray[950],
    surface: palette.gray[900],
    surfaceRaised: palette.gray[850],
    surfaceSunken: palette.gray[950],
    surfaceHover: palette.gray[800],
    skeleton: palette.gray[800],
    border: palette.gray[800],
    borderStrong: palette.gray[700],
    text: palette.gray[100],
    textMuted: palette.gray[400],
    textSubtle: palette.gray[400],
    textOnBrand: palette.gray[950],
    textOnDanger: palette.gray[950],
    brand: palette.teal[400],
    brandHover: palette.teal[300],
    brandSoft: 'rgba(45, 212, 191, 0.12)',
    focusRing: palette.blue[400],
    accent: palette.teal[400],
    info: palette.blue[300],
    infoSoft: 'rgba(96, 165, 250, 0.14)',
    success: palette.green[400],
    successSoft: 'rgba(74, 222, 128, 0.12)',
    warning: palette.amber[300],
    warningSoft: 'rgba(251, 191, 36, 0.14)',
    danger: palette.red[300],
    dangerHover: palette.red[400],
    dangerSoft: 'rgba(248, 113, 113, 0.14)',
    caution: palette.orange[300],
    overlay: 'rgba(0, 0, 0, 0.6)',
    chart1: palette.teal[400],
    chart2: palette.blue[400],
    chart3: palette.amber[400],
    chartGrid: palette.gray[800],
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.45)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
}

// Themes are classes on <html>, so React Aria overlays portalled into <body> inherit them.
export const lightTheme = style({ colorScheme: 'light', vars: assignVars(vars, light) })
export const darkTheme = style({ colorScheme: 'dark', vars: assignVars(vars, dark) })

// Before the app picks a theme, follow the system setting. `:not()` keeps this (and its @media
// rule, which vanilla-extract emits after the classes) from overriding a chosen theme.
globalStyle(`:root:not(${lightTheme}):not(${darkTheme})`, {
  vars: assignVars(vars, light),
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, dark) } },
})
