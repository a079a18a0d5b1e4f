import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
})

export const problem = style({ color: vars.color.danger })
