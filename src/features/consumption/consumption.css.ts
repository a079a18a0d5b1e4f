import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'

export const presets = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9rem), 1fr))',
})
export const preset = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const note = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
})
export const warn = style({ color: vars.color.warning })
export const section = style({ marginBottom: vars.space.lg })
export const panelHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.md,
  margin: `${vars.space.lg} 0`,
})
export const total = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })
export const zone = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  marginTop: vars.space.md,
})
