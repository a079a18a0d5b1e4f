import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '~/styles'

/** Apart from the card above it (the settings form), as the danger zone is. */
export const card = style({ marginTop: vars.space.xl })
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
})
globalStyle(`${facts} dt`, { color: vars.color.textMuted })
globalStyle(`${facts} dd`, { margin: 0, minWidth: 0 })
export const code = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' })
export const liveCheck = style({
  padding: vars.space.sm,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.sm,
})
export const waiting = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm })
