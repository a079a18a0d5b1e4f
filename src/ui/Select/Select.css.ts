import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const trigger = style({
  justifyContent: 'space-between',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&[data-pressed]': { background: vars.color.surfaceHover },
    '[data-invalid] > &': { borderColor: vars.color.danger },
  },
})

export const value = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.textSubtle } },
})

export const chevron = style({ color: vars.color.textMuted })

export const popover = style({ padding: 0, maxHeight: '20rem' })
