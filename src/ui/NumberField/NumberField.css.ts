import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const group = style({ paddingInlineEnd: 0, overflow: 'hidden' })

export const steppers = style({
  display: 'flex',
  flexDirection: 'column',
  alignSelf: 'stretch',
  borderInlineStart: `1px solid ${vars.color.border}`,
})

export const stepper = style({
  display: 'grid',
  placeItems: 'center',
  flex: 1,
  width: '1.75rem',
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceHover, color: vars.color.text },
    '&[data-pressed]': { background: vars.color.border },
    '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
    '& + &': { borderTop: `1px solid ${vars.color.border}` },
  },
})
