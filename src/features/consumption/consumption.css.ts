import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

/**
 * Six figures as three pairs (today and yesterday, this and last week, this and last month): a
 * pair per column on a desktop, side by side where '3,246.2 kWh' fits twice, else one a row.
 */
export const presets = style({
  display: 'grid',
  gap: `${vars.space.lg} ${vars.space.md}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 10rem), 1fr))',
  '@media': {
    'screen and (min-width: 1024px)': {
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
      gridTemplateRows: 'auto auto',
      gridAutoFlow: 'column',
    },
  },
})
/** Below this the chart comes first: six stacked figures would push it a screen down. */
const NARROW = 'screen and (max-width: 767px)'
/** On a phone the figures follow the chart (they hold nothing to focus, so tab order is kept). */
export const section = style({
  marginBottom: vars.space.lg,
  '@media': { [NARROW]: { order: 1, marginBottom: 0, marginTop: vars.space.lg } },
})
export const panelTitle = style({
  // Focused on arrival after a drill-down (to be read out), not to be operated: no ring for a pointer.
  selectors: { '&:focus:not(:focus-visible)': { outline: 'none' } },
  margin: 0,
  marginInlineEnd: 'auto',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
})
export const zone = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  marginTop: vars.space.md,
})
/** Previous, a date, next and today on one line; the date field takes what is left on a phone. */
export const datePicker = style({ flex: '0 1 12rem', minWidth: 0 })
