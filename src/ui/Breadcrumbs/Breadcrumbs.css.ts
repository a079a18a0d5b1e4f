import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
})

/** A '›' after every crumb but the last, which is the page itself and stands out. */
export const crumb = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  selectors: {
    '&:not(:last-child)::after': { content: '"›"', color: vars.color.textMuted },
    '&:last-child': { fontWeight: vars.fontWeight.semibold },
  },
})
