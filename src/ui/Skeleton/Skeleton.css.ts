import { keyframes, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.5 } })

export const skeleton = recipe({
  base: {
    display: 'block',
    background: vars.color.skeleton,
    animation: `${pulse} 1.6s ease-in-out infinite`,
  },
  variants: {
    shape: {
      text: { height: '0.875rem', borderRadius: vars.radius.sm },
      rect: { borderRadius: vars.radius.md },
      circle: { borderRadius: vars.radius.full },
    },
  },
  defaultVariants: { shape: 'text' },
})

export const lines = style({ display: 'grid', gap: vars.space.sm })

export const page = style({
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  minHeight: '100vh',
  background: vars.color.background,
})

export const pageBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  height: '3.5rem',
  paddingInline: vars.space.xl,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
})

export const pageMain = style({
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: vars.space.lg,
  padding: vars.space.xl,
  textAlign: 'center',
})

export const pageTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
})
export const pageMessage = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})
export const pageCards = style({ display: 'grid', gap: vars.space.md, width: 'min(28rem, 100%)' })
export const spacer = style({ flex: 1 })
