import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

/** The device search beside its chosen tags, under the other controls (stacked when narrow). */
export const devices = style({
  gridColumn: '1 / -1',
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
  alignItems: 'start',
})
