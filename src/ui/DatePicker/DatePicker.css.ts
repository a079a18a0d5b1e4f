import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const group = style({ paddingInlineEnd: vars.space.xs, gap: vars.space.xs })

export const input = style({
  display: 'flex',
  flex: '0 1 auto',
  minWidth: 0,
  overflowX: 'auto',
  fontVariantNumeric: 'tabular-nums',
})

export const segment = style({
  paddingInline: '0.0625rem',
  borderRadius: vars.radius.sm,
  outline: 'none',
  caretColor: 'transparent',
  selectors: {
    '&[data-type=literal]': { paddingInline: 0, color: vars.color.textMuted, whiteSpace: 'pre' },
    '&[data-placeholder]': { color: vars.color.textSubtle },
    '&[data-focused]': { background: vars.color.brand, color: vars.color.textOnBrand },
  },
})

export const dash = style({ paddingInline: vars.space.xs, color: vars.color.textMuted })

export const calendarButton = style({
  width: '1.75rem',
  height: '1.75rem',
  marginInlineStart: 'auto',
})

export const dialog = style({ outline: 'none' })
