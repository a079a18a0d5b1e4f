import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'

export const controls = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
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

export const deviceList = style({ maxHeight: '18rem', overflowY: 'auto', minWidth: '16rem' })

export const popoverActions = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
})
