import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

export const root = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    textAlign: 'center',
    color: vars.color.text,
  },
  variants: {
    size: {
      sm: { padding: vars.space.lg },
      md: { padding: `${vars.space.xxl} ${vars.space.xl}` },
    },
  },
  defaultVariants: { size: 'md' },
})

export const icon = recipe({
  base: {
    display: 'grid',
    placeItems: 'center',
    width: '3rem',
    height: '3rem',
    marginBottom: vars.space.xs,
    borderRadius: vars.radius.full,
  },
  variants: {
    tone: {
      neutral: { background: vars.color.surfaceSunken, color: vars.color.textMuted },
      danger: { background: vars.color.dangerSoft, color: vars.color.danger },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
})

export const description = style({
  margin: 0,
  maxWidth: '36rem',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
})

export const action = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
})
