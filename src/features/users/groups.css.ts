import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

export const nameCell = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
})
