import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const codeBlock = style({
  margin: 0,
  maxHeight: '24rem',
  overflow: 'auto',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'pre',
})

/** Long lines (a command, a token) wrap anywhere instead of scrolling sideways. */
export const wrap = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })
