import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

export const tabs = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
  selectors: { '&[data-orientation=vertical]': { flexDirection: 'row' } },
})

export const list = recipe({
  base: { display: 'flex', gap: vars.space.xs, overflowX: 'auto', scrollbarWidth: 'none' },
  variants: {
    variant: {
      underline: { borderBottom: `1px solid ${vars.color.border}`, gap: vars.space.lg },
      pills: {
        padding: vars.space.xs,
        background: vars.color.surfaceHover,
        borderRadius: vars.radius.md,
        width: 'fit-content',
      },
    },
  },
  defaultVariants: { variant: 'underline' },
})

export const tab = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  outline: 'none',
  borderRadius: vars.radius.sm,
  transition: `color ${vars.motion.fast}, background ${vars.motion.fast}`,
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { color: vars.color.text },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '-2px',
    },
    // Underline tabs: a brand bar under the selected one, over the list's border.
    '[data-variant=underline] > &': {
      paddingInline: vars.space.xxs,
      marginBottom: '-1px',
      borderBottom: '2px solid transparent',
      borderRadius: 0,
    },
    '[data-variant=underline] > &[data-selected]': { borderBottomColor: vars.color.brand },
    '[data-variant=pills] > &': { paddingInline: vars.space.md, paddingBlock: vars.space.xs },
    '[data-variant=pills] > &[data-selected]': {
      background: vars.color.surface,
      boxShadow: vars.shadow.sm,
    },
  },
})

export const panel = style({
  minWidth: 0,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '4px',
      borderRadius: vars.radius.sm,
    },
  },
})
