import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const textarea = style({
  minHeight: '5rem',
  paddingBlock: vars.space.sm,
  resize: 'vertical',
})
