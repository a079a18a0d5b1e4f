import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

/** The page's width, which the card grid reads (a grid cannot query its own). */
export const board = style({ containerType: 'inline-size' })

// Columns of at least 18rem: two from 38rem, three from 57rem (gaps included).
const two = '(min-width: 38rem)'
const three = '(min-width: 57rem)'

/**
 * Cards of one row are as tall as the row's tallest (grid items stretch), their footers level
 * at the bottom (a Card's body grows): a row of cards of uneven height read as broken.
 */
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'stretch',
  gridTemplateColumns: '1fr',
  '@container': {
    [two]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [three]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
})

/** The fleet card takes the whole first row of two columns, so no card is left alone in one. */
export const lead = style({
  // A grid of one, so the card inside stretches to the row's height as its siblings do.
  display: 'grid',
  '@container': {
    [two]: { gridColumn: '1 / -1' },
    [three]: { gridColumn: 'auto' },
  },
})

/** The chart takes a whole row. */
export const full = style({ gridColumn: '1 / -1' })

/** The last two cards share a whole row where both fit, half each; on a phone they stack. */
export const pair = style([
  full,
  {
    display: 'grid',
    gap: vars.space.lg,
    alignItems: 'stretch',
    '@container': { [two]: { gridTemplateColumns: 'repeat(2, 1fr)' } },
  },
])

export const itemText = style({ display: 'grid', minWidth: 0 })

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
