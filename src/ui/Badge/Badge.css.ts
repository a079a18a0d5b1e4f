import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

const tone = (background: string, color: string) => ({
  background,
  color,
  borderColor: 'transparent',
})

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    border: '1px solid',
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    variant: {
      default: tone(vars.color.text, vars.color.surface),
      secondary: tone(vars.color.surfaceHover, vars.color.text),
      destructive: tone(vars.color.dangerSoft, vars.color.danger),
      outline: {
        background: 'transparent',
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
      },
      brand: tone(vars.color.brandSoft, vars.color.brand),
      info: tone(vars.color.infoSoft, vars.color.info),
      success: tone(vars.color.successSoft, vars.color.success),
      warning: tone(vars.color.warningSoft, vars.color.warning),
    },
    size: {
      sm: { paddingBlock: '0.0625rem', paddingInline: vars.space.sm },
      md: { paddingBlock: vars.space.xxs, paddingInline: vars.space.sm },
    },
    mono: { true: { fontFamily: vars.font.mono, letterSpacing: '0.02em' } },
  },
  defaultVariants: { variant: 'default', size: 'md' },
})

export const count = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '1.125rem',
    height: '1.125rem',
    paddingInline: vars.space.xs,
    borderRadius: vars.radius.full,
    fontSize: '0.6875rem',
    fontWeight: vars.fontWeight.bold,
    lineHeight: 1,
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    tone: {
      danger: { background: vars.color.danger, color: vars.color.textOnDanger },
      brand: { background: vars.color.brand, color: vars.color.textOnBrand },
    },
  },
  defaultVariants: { tone: 'danger' },
})
