import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const popover = style({ padding: 0, minWidth: '12rem' })

export const icon = style({
  color: vars.color.textMuted,
  selectors: { '[data-danger] &': { color: 'inherit' } },
})

export const submenu = style({ marginInlineStart: 'auto', color: vars.color.textMuted })
