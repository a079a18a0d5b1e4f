import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '1px',
  maxHeight: 'inherit',
  padding: vars.space.xs,
  overflow: 'auto',
  outline: 'none',
})

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2rem',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: 'default',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { background: vars.color.surfaceHover },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    '&[data-selected]': { fontWeight: vars.fontWeight.medium },
    '&[data-disabled]': { opacity: 0.5 },
    '&[data-danger]': { color: vars.color.danger },
  },
})

export const check = style({ width: '1rem', flexShrink: 0, color: vars.color.brand })
export const itemText = style({ display: 'grid', flex: 1, minWidth: 0 })
export const itemDescription = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })

export const sectionHeader = style({
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
})

export const separator = style({
  height: '1px',
  marginBlock: vars.space.xs,
  background: vars.color.border,
  border: 0,
})
