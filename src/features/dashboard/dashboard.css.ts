import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'
import { breakpoints } from '../../styles/tokens'

const wide = `screen and (min-width: ${breakpoints.desktop}px)`

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
  alignItems: 'start',
})

/** The chart takes a whole row; on wide screens two cards share the next. */
export const full = style({ gridColumn: '1 / -1' })

export const halfOnWide = style({ '@media': { [wide]: { gridColumn: 'span 1' } } })

export const figures = style({ display: 'grid', gap: vars.space.md })

export const statusCounts = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xl })

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid' })

export const listItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
})

export const itemText = style({ display: 'grid', minWidth: 0 })

export const itemFigure = style({
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.medium,
})

export const share = style({
  height: 4,
  borderRadius: vars.radius.full,
  background: vars.color.chart1,
  marginTop: vars.space.xxs,
})

export const unreadDot = style({
  width: 8,
  height: 8,
  flexShrink: 0,
  borderRadius: vars.radius.full,
  background: vars.color.brand,
})

export const cardFooter = style({ paddingTop: vars.space.md })
