import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'

export const controls = style({
  display: 'grid',
  gap: vars.space.md,
  // Wide enough for the longest metric, 'Energy usage per day (kWh/day)', at 1280 px.
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 17rem), 1fr))',
  alignItems: 'end',
})

export const totals = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
})

export const sortButton = style({
  all: 'unset',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  cursor: 'pointer',
  textTransform: 'inherit',
  letterSpacing: 'inherit',
  selectors: {
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: 2,
      borderRadius: vars.radius.sm,
    },
  },
})

/** The device search beside its chosen tags, under the other controls (stacked when narrow). */
export const devices = style({
  gridColumn: '1 / -1',
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
  alignItems: 'start',
})
