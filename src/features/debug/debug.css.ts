import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

/** Search and dates need room to show what was typed: two columns, the whole row on phones. */
export const wide = style({
  gridColumn: 'span 2',
  '@media': { 'screen and (max-width: 480px)': { gridColumn: '1 / -1' } },
})

export const spacer = style({ flex: 1 })

/* The log list: spec §2 says the view is 600px tall. */

/** Framed by sprinkles; its keyboard focus ring is the global :focus-visible one. */
export const viewport = style({ height: '600px', overflowY: 'auto' })

export const viewportState = style({
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
})

export const rows = style({ position: 'relative', width: '100%' })

export const row = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  display: 'grid',
  gridTemplateColumns: 'auto auto minmax(0, 1fr)',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  alignItems: 'baseline',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
})

export const message = style({
  minWidth: 0,
  overflowWrap: 'anywhere',
  color: vars.color.text,
  // On phones the message takes a line of its own under time and level.
  '@media': { 'screen and (max-width: 640px)': { gridColumn: '1 / -1' } },
})

export const logger = style({ marginInlineEnd: vars.space.sm })

export const rowMeta = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
})

export const context = style({ minWidth: 0, overflowWrap: 'anywhere' })

export const requestLink = style({
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  color: vars.color.brand,
  textDecoration: 'underline',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
})
