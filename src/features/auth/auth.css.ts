import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

export const page = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  background: `radial-gradient(circle at 20% 0%, ${vars.color.brandSoft}, transparent 50%), ${vars.color.background}`,
})
export const panel = style({
  width: '100%',
  maxWidth: '24rem',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})
export const brand = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.sm,
})
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })
export const error = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
})
export const notice = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
})
export const submit = style({ width: '100%', justifyContent: 'center' })
