import { style } from '@vanilla-extract/css'
import { breakpoints } from '~/styles/tokens'
import { vars } from '~/styles/vars.css'

/** Terms in a column as wide as the longest, values beside them taking the rest. */
export const list = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
})
/** Below the tablet width a term sits over its value, which keeps the whole width (long ids). */
export const collapsed = style({
  '@media': {
    [`screen and (max-width: ${breakpoints.tablet - 1}px)`]: {
      gridTemplateColumns: 'minmax(0, 1fr)',
      // A term close over its value, so each pair reads as one.
      rowGap: vars.space.xs,
    },
  },
})
/** A term and its value share the list's grid (a wrapper `div` is allowed in a `dl`). */
export const pair = style({ display: 'contents' })
export const term = style({ color: vars.color.textMuted })
export const value = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' })
/**
 * Amounts (a bill's lines): the list as wide as its terms and figures, each figure at the end of
 * its column in figures of equal width, so they line up as on a bill and do not drift to the
 * far side of a wide card.
 */
export const amounts = style({
  gridTemplateColumns: 'auto auto',
  justifyContent: 'start',
  fontVariantNumeric: 'tabular-nums',
})
export const amount = style({ textAlign: 'end' })
/** Beside small figures (a grid of stats' notes). */
export const small = style({
  fontSize: vars.fontSize.xs,
  gap: `${vars.space.xxs} ${vars.space.md}`,
})
