import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

export const choice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.xl,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.brand },
  },
})
export const errorList = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.danger })
