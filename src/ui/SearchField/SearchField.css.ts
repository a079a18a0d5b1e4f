import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const icon = style({ color: vars.color.textMuted })

export const clear = style({
  display: 'grid',
  placeItems: 'center',
  width: '1.5rem',
  height: '1.5rem',
  marginInlineEnd: `calc(${vars.space.xs} * -1)`,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceHover, color: vars.color.text },
    '[data-empty] &': { visibility: 'hidden' },
  },
})

export const input = style({
  selectors: {
    '&::-webkit-search-cancel-button, &::-webkit-search-decoration': { WebkitAppearance: 'none' },
  },
})
